<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>A saved tensor was modified in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A backward node saved a tensor during the forward pass because its gradient formula needs that value. Afterwards an in-place operation (&lt;code&gt;x += 1&lt;/code&gt;, &lt;code&gt;x.add_()&lt;/code&gt;, &lt;code&gt;x[0] = ...&lt;/code&gt;, &lt;code&gt;relu_&lt;/code&gt;...) changed the tensor and bumped its version counter. When backward reached the node, the saved version no longer matched, so the gradient would have been computed from the wrong numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the out-of-place op: &lt;code&gt;x = x + 1&lt;/code&gt; instead of &lt;code&gt;x += 1&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or &lt;code&gt;clone()&lt;/code&gt; before the in-place op, so the saved tensor stays untouched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or move the in-place change after &lt;code&gt;backward()&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on &lt;code&gt;torch.autograd.set_detect_anomaly(True)&lt;/code&gt; to see the forward line that created the failing node (shown below when available).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward through the same graph twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To save memory, &lt;code&gt;backward()&lt;/code&gt; frees the tensors each node saved as soon as the node has run. A second &lt;code&gt;backward()&lt;/code&gt; (or &lt;code&gt;torch.autograd.grad&lt;/code&gt;) over the same graph finds them gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass &lt;code&gt;retain_graph=True&lt;/code&gt; to the first &lt;code&gt;backward()&lt;/code&gt; if you really need two passes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usually better: run the forward pass again before each backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In loops, &lt;code&gt;detach()&lt;/code&gt; tensors carried across iterations (e.g. an RNN hidden state).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In-place change of a leaf that requires grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A leaf tensor with &lt;code&gt;requires_grad=True&lt;/code&gt; is a parameter autograd tracks. Changing it in place while grad mode is on would make the recorded graph inconsistent, so PyTorch refuses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update parameters inside &lt;code&gt;with torch.no_grad():&lt;/code&gt; (this is what optimizers do).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or edit &lt;code&gt;param.data&lt;/code&gt;, which autograd does not track.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or create a new tensor with an out-of-place op.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A view of a leaf was modified in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensor is a view of a leaf that requires grad; modifying the view in place would rewrite the leaf&apos;s history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrap the change in &lt;code&gt;torch.no_grad()&lt;/code&gt;, or clone the leaf first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to differentiate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensor you called &lt;code&gt;backward()&lt;/code&gt; on has no &lt;code&gt;grad_fn&lt;/code&gt;: no tensor that requires grad took part in computing it, so there is no graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set &lt;code&gt;requires_grad=True&lt;/code&gt; on the parameters before the forward pass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove &lt;code&gt;torch.no_grad()&lt;/code&gt;, &lt;code&gt;detach()&lt;/code&gt; or &lt;code&gt;.item()&lt;/code&gt; around the forward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the inspector: &lt;code&gt;requires_grad&lt;/code&gt; and &lt;code&gt;grad_fn&lt;/code&gt; of the loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() on a non-scalar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;code&gt;backward()&lt;/code&gt; without arguments starts from a gradient of 1, which only makes sense for a single number. For a tensor with many elements PyTorch needs to know the gradient flowing into each element.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce first: &lt;code&gt;loss = y.sum()&lt;/code&gt; or &lt;code&gt;y.mean()&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or pass it explicitly: &lt;code&gt;y.backward(torch.ones_like(y))&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shapes do not match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An operation received tensors whose shapes cannot be combined (or a gradient had the wrong shape).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print &lt;code&gt;x.shape&lt;/code&gt; of both operands just before the failing line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check broadcasting rules; use &lt;code&gt;unsqueeze&lt;/code&gt;/&lt;code&gt;reshape&lt;/code&gt; deliberately.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inference tensor saved for backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors created under &lt;code&gt;torch.inference_mode()&lt;/code&gt; carry no version counter, so autograd cannot check them later and refuses to save them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the tensor outside &lt;code&gt;inference_mode()&lt;/code&gt;, or &lt;code&gt;clone()&lt;/code&gt; it outside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &lt;code&gt;torch.no_grad()&lt;/code&gt; instead when the result may be used with autograd later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN in a gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anomaly mode checks every backward output and stopped at the first NaN. The forward trace below shows the line that created the node producing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for &lt;code&gt;log(0)&lt;/code&gt;, &lt;code&gt;sqrt&lt;/code&gt; of negatives, &lt;code&gt;0/0&lt;/code&gt; or overflowing &lt;code&gt;exp&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a small epsilon: &lt;code&gt;torch.log(x + 1e-8)&lt;/code&gt;; clamp inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower the learning rate or normalise inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tensors kept alive (parameters, activations saved for backward, gradients) no longer fit in the device&apos;s memory. The memory chart shows where the peak comes from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute instead of storing: &lt;code&gt;torch.utils.checkpoint&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload saved tensors: &lt;code&gt;torch.autograd.graph.save_on_cpu()&lt;/code&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a smaller batch; evaluate under &lt;code&gt;torch.no_grad()&lt;/code&gt;; &lt;code&gt;del&lt;/code&gt; what you no longer need.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python error in the script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script itself raised an exception; the traceback points at the line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the last line of the traceback: it names the problem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stopped with an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read PyTorch&apos;s message above; step back to see the state before the error.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepNarration</name>
    <message>
        <source>a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a backward node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a saved tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 runs: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The op creates a new %1 tensor whose grad_fn is %2: backward can go through it to the inputs that require grad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A leaf tensor %1 %2 is created with requires_grad=True: backward will add its gradient to .grad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A %1 tensor is created that does not require grad: autograd does not track it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is a view of %1 and shares its version counter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name %1 now refers to this %2 tensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is created for a leaf: in backward it adds the incoming gradient to the leaf&apos;s .grad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is created for the leaf %2: in backward it adds the incoming gradient to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute: the checkpointed forward runs again and records %1 again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The forward op records %1 in the graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of its inputs requires grad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In backward it will send gradients to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 saves its own output as %2 (version %3) for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 saves %2 as %3 (version %4) for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changes %2 in place: its version goes from %3 to %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 saved it at an older version: backward through it will fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The in-place op rewrites the history of %1: its grad_fn is now %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pack hook %1 takes the saved %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and moves it from %1 to %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward needs the saved %1 of %2: the unpack hook %3 brings it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> from %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() runs inside backward(), starting at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() starts at %1 with grad_output 1: the gradient of the output with respect to itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retain_graph=True keeps the saved tensors for another backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() is done: the leaves&apos; .grad hold the gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() stopped with an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no gradient (None)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 receives %2 for the leaf %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 receives grad_output %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the saved %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and sends grad_input %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the leaf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is now None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is now %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retain_grad(): %1 will keep its .grad although it is not a leaf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retain_grad stores the gradient arriving at %1 in %2.grad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A hook is registered on %1: it will see the gradient of %1 in backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hook on %1 runs with the gradient arriving at %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has run and frees its saved tensors (retain_graph=False): a second backward through it would fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint %1 starts: the ops inside it do not keep their activations for backward (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reentrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-reentrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint %1 ends: backward will run its forward again to get the activations back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward reaches checkpoint %1: its forward runs again to rebuild the activations it did not save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recompute of checkpoint %1 is done; backward goes on through the rebuilt nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 allocated (now %3 in use).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 freed (now %3 in use).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entering %1 (%2): the nodes it creates are framed with its name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaving %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaving the module.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script writes to stderr: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script prints: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(raised while backward ran %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stopped: %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The run is complete after %n backward() call(s); the leaves hold their gradients.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>passes it unchanged to both inputs (summed to each input&apos;s shape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes it unchanged to self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes it to self and its negative (times alpha) to other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes its negative to self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by the saved other for self and by the saved self for other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by the number self was multiplied with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides it by the saved other for self; for other it uses −grad_output · self / other²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides it by the number self was divided by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>negates it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by exponent · self^(exponent℡)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uses exponent · self^(exponent℡) for self and result · log(self) for exponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by the saved result (exp is its own derivative)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides it by the saved self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by cos(self)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by −sin(self)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by 1 − result²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by result · (1 − result)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>divides it by 2 · result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lets it through where the result is positive and sends 0 elsewhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spreads it evenly: every element gets grad_output / numel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spreads it evenly over the reduced dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies it to every element of the input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copies it along the summed dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computes grad_output @ mat2ᵀ for self and selfᵀ @ grad_output for mat2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sums it over the rows for the bias, and computes grad_output @ mat2ᵀ for mat1 and mat1ᵀ @ grad_output for mat2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transposes it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reshapes it to the input&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removes the added dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>puts the removed dimensions back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sums it over the expanded dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes it unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>places it at the selected index of a zero tensor of the input&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>places it in the selected slice of a zero tensor of the input&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adds it at the indexed places of a zero tensor of the input&apos;s shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies it by 2 · (self − target) / numel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subtracts softmax · sum(grad_output) from it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computes result · (grad_output − sum(grad_output · result))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>puts −grad_output (divided by the batch for &apos;mean&apos;) at each target class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routes it around the slice that was overwritten in place</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::ErrorPanel</name>
    <message>
        <source>Checkpoint %1: the recompute differs from the forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The segment was checkpointed with &lt;code&gt;preserve_rng_state=False&lt;/code&gt;, so the random draws (dropout masks) of the recompute are new ones, not those of the forward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When backward ran the function again it gave other results: it reads something that changed after the forward (a global variable, an input modified in place, a random draw).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch raises nothing and its documentation says this cannot be detected: the gradients are computed from the recomputed values, so they are silently wrong. autogradviz recorded both runs and compared them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No error at this step. When a run fails, the message, an explanation and the forward trace of the failing node appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Failing node: &lt;a href=&apos;node:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> &amp;nbsp;·&amp;nbsp; modified tensor: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usual fixes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward call that created the failing node (anomaly mode)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traceback</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphScene</name>
    <message>
        <source>⟲ checkpoint %1: recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint %1: not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;grad in: &lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;executed (#%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;not executed yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphSearchBar</name>
    <message>
        <source>Find a tensor, node or module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphView</name>
    <message>
        <source>parameter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad_fn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AccumulateGrad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale saved tensor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::InspectorPanel</name>
    <message>
        <source>original tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data only (output saved without grad_fn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packed by a saved-tensor hook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offloaded to host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a tensor, a grad_fn node or a saved-tensor badge in the graph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not created yet at this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leaves with requires_grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad_fn nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nodes executed by backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B (peak %2 B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leaf tensor that requires grad: its .grad is filled by backward()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain tensor: autograd does not track it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of an op: its grad_fn records how to backpropagate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>freed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  (released)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  STALE (now v%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds the incoming gradient into %1.grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward function recorded by the forward op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This node failed during backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, #%1 in backward order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputed by checkpoint (segment %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  STALE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  packed on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grad out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released: backward already used it (use retain_graph=True to keep it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modified in place after it was saved, but a saved-tensor hook holds it: PyTorch does not check its version, so backward uses whatever unpack returns, without an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale: the tensor was modified in place after it was saved. Backward through this node will fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A checkpoint placeholder: nothing is kept; backward recomputes this tensor when it needs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offloaded: a saved-tensor hook moved it off its device; unpack brings it back for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by a saved-tensor hook: pack ran when it was saved, unpack gives it back for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept by the node for its backward formula.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the node&apos;s own output (saved without grad_fn: no reference cycle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>agv::ui::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This script wants a GPU: use the simulated GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Trace (.jsonl)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Demos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recent Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Trace As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export View (SVG/PNG)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Graph as &amp;DOT…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export DOT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graphviz (*.dot *.gv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run Script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run &amp;While Typing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Automatic: this machine&apos;s GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Automatic: CPU only (no GPU found, as PyTorch sees it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Simulated GPU (4 GiB in host memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CPU Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play / Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Backward Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Backward Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step Only to &amp;Visible Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step Forward/Back pass over events that only change the memory chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Whole Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow the Current Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the whole graph would be too small to read, keep a readable zoom and move along with what each step does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift++</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+=</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+-</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Text Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find in Graph…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Autograd Visualizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Autograd Visualizer&lt;/b&gt; %1&lt;p&gt;Records a PyTorch script run as a trace of autograd events and replays it as an animated graph.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No interpreter is connected to this build: open a recorded trace (.jsonl) to play it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Run cancelled after %n event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> — ended with an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Running %1… %n event(s) so far</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⟲ recompute of checkpoint %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward() inside backward()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Space to play, → to step, Shift+→ to run a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No autograd graph yet at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before the first event: press Space to play or → to step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch scripts (*.py);;Traces (*.jsonl);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;table cellpadding=3&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Space&lt;/b&gt;&lt;/td&gt;&lt;td&gt;play / pause&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;step forward / back one event&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous source line (inside backward: node by node)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous backward node&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Home / End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;start / end of the run&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;[ / ]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;slower / faster&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;run the script again&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;find a tensor, node or module in the graph (Enter: next, Shift+Enter: previous, Esc: close)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+0&lt;/b&gt;&lt;/td&gt;&lt;td&gt;show the whole graph (wheel zooms, drag pans)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;follow the current step on a big graph&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F11&lt;/b&gt;&lt;/td&gt;&lt;td&gt;presenter mode&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+Plus / Minus&lt;/b&gt;&lt;/td&gt;&lt;td&gt;larger / smaller text (kept per mode)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;export view as SVG / PNG&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Playback keys work when the graph has focus; the editor keeps them while you type.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Autograd Visualizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Autograd Visualizer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::MemoryChart</name>
    <message>
        <source>No memory events yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (peak %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::OffloadedTensorItem</name>
    <message>
        <source>%1 (%2) back on its device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packed by %1(): this saved tensor waits in host memory until backward needs it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::SavedBadgeItem</name>
    <message>
        <source>Saved for backward as &lt;b&gt;%1&lt;/b&gt; at version %2&lt;br&gt;Tensor is now at version %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;released after backward&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;modified in place after saving&lt;/b&gt;: a saved-tensor hook holds it, so PyTorch does not check its version and backward will use whatever unpack returns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;stale&lt;/b&gt;: modified in place after saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;held by a saved-tensor hook: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::Scrubber</name>
    <message>
        <source>Drag to scrub. Markers: blue = backward(), amber = in-place version bump, red = error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::StartPage</name>
    <message>
        <source>Autograd Visualizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a PyTorch script, then replay it: watch the graph being built during the forward pass, the tensors each node saves, and the gradients flowing back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open script…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace (.jsonl)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No demos installed. Open any PyTorch script, or drop a .py file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wants a GPU (the simulated one will do)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watch: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>agv::ui::TransportBar</name>
    <message>
        <source>Go to start (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous backward node (Ctrl+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous source line (Shift+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step back one event (Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step forward one event (Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next source line (Shift+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next backward node (Ctrl+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to end (End)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · line %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
