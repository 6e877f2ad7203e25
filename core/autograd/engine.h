#pragma once
// The backward engine (PyTorch's torch::autograd::Engine): counts dependencies,
// runs nodes in topological order (latest-created first among the ready ones),
// sums gradients where edges meet, calls tensor hooks, accumulates into leaves,
// and frees saved variables unless retain_graph is set. Iterative throughout.

#include <optional>

#include "core/tensor/tensor.h"

namespace agv {

/// tensor.backward(gradient, retain_graph, create_graph) / torch.autograd.backward.
void backward(const TensorList& tensors, const TensorList& gradTensors = {},
              std::optional<bool> retainGraph = std::nullopt, bool createGraph = false);

/// torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused).
/// runInputNodes: backward(inputs=...)'s walk, where the inputs' own nodes run too (their
/// hooks included) and each gradient is taken after them (the caller accumulates it).
TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& gradOutputs = {},
                std::optional<bool> retainGraph = std::nullopt, bool createGraph = false, bool allowUnused = false,
                bool runInputNodes = false);

/// torch.autograd._is_checkpoint_valid(): false while autograd.grad runs (a reentrant
/// checkpoint cannot run its inner backward then).
bool isCheckpointValid();

/// torch._C._current_graph_task_id(): which backward call is running (-1 outside one).
/// A selectively checkpointed region recomputes once per backward call.
int64_t currentGraphTaskId();

/// get_current_graph_task_keep_graph(): whether the running backward keeps the graph
/// (retain_graph / create_graph); true outside a backward.
bool currentGraphTaskKeepsGraph();

class Node;
/// add_node_to_current_graph_task_exec_info: CopySlices marks the nodes its inner node
/// feeds as needed (1.13's workaround for init_to_execute not looking inside it), so under
/// autograd.grad or backward(inputs=...) they run, a leaf's AccumulateGrad included.
void markNeededInCurrentGraphTask(Node* node);

}  // namespace agv
