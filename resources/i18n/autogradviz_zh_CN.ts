<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DeviceCopyText</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message numerus="yes">
        <source>%n copies, %1, %2 modelled</source>
        <translation>
            <numerusform>%n 次复制，%1，模型耗时 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (simulated GPU)</source>
        <translation>%1（模拟 GPU）</translation>
    </message>
    <message>
        <source>%1 (pinned)</source>
        <translation>%1（锁页）</translation>
    </message>
    <message>
        <source>pinned host memory: the link&apos;s full rate</source>
        <translation>锁页主机内存：链路全速</translation>
    </message>
    <message>
        <source>pageable host memory: half the link&apos;s rate</source>
        <translation>可分页主机内存：链路速度的一半</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>A saved tensor was modified in place</source>
        <translation>保存的张量被原地修改了</translation>
    </message>
    <message>
        <source>A backward node saved a tensor during the forward pass because its gradient formula needs that value. Afterwards an in-place operation (&lt;code&gt;x += 1&lt;/code&gt;, &lt;code&gt;x.add_()&lt;/code&gt;, &lt;code&gt;x[0] = ...&lt;/code&gt;, &lt;code&gt;relu_&lt;/code&gt;...) changed the tensor and bumped its version counter. When backward reached the node, the saved version no longer matched, so the gradient would have been computed from the wrong numbers.</source>
        <translation>一个反向传播节点在前向传播时保存了一个张量，因为它的梯度公式需要这个值。之后，一个原地操作（&lt;code&gt;x += 1&lt;/code&gt;、&lt;code&gt;x.add_()&lt;/code&gt;、&lt;code&gt;x[0] = ...&lt;/code&gt;、&lt;code&gt;relu_&lt;/code&gt;……）修改了这个张量，并使它的版本计数器递增。反向传播到达该节点时，保存时的版本已经对不上了，否则梯度就会用错误的数值算出来。</translation>
    </message>
    <message>
        <source>Use the out-of-place op: &lt;code&gt;x = x + 1&lt;/code&gt; instead of &lt;code&gt;x += 1&lt;/code&gt;.</source>
        <translation>使用非原地操作：用 &lt;code&gt;x = x + 1&lt;/code&gt; 代替 &lt;code&gt;x += 1&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Or &lt;code&gt;clone()&lt;/code&gt; before the in-place op, so the saved tensor stays untouched.</source>
        <translation>或者在原地操作之前先 &lt;code&gt;clone()&lt;/code&gt;，让保存的张量保持不变。</translation>
    </message>
    <message>
        <source>Or move the in-place change after &lt;code&gt;backward()&lt;/code&gt;.</source>
        <translation>或者把原地修改移到 &lt;code&gt;backward()&lt;/code&gt; 之后。</translation>
    </message>
    <message>
        <source>Turn on &lt;code&gt;torch.autograd.set_detect_anomaly(True)&lt;/code&gt; to see the forward line that created the failing node (shown below when available).</source>
        <translation>开启 &lt;code&gt;torch.autograd.set_detect_anomaly(True)&lt;/code&gt;，就能看到创建出错节点的那一行前向传播代码（如有，显示在下方）。</translation>
    </message>
    <message>
        <source>Backward through the same graph twice</source>
        <translation>对同一计算图进行了两次反向传播</translation>
    </message>
    <message>
        <source>To save memory, &lt;code&gt;backward()&lt;/code&gt; frees the tensors each node saved as soon as the node has run. A second &lt;code&gt;backward()&lt;/code&gt; (or &lt;code&gt;torch.autograd.grad&lt;/code&gt;) over the same graph finds them gone.</source>
        <translation>为了节省内存，&lt;code&gt;backward()&lt;/code&gt; 会在每个节点运行后立即释放该节点保存的张量。对同一计算图的第二次 &lt;code&gt;backward()&lt;/code&gt;（或 &lt;code&gt;torch.autograd.grad&lt;/code&gt;）会发现它们已经不在了。</translation>
    </message>
    <message>
        <source>Pass &lt;code&gt;retain_graph=True&lt;/code&gt; to the first &lt;code&gt;backward()&lt;/code&gt; if you really need two passes.</source>
        <translation>如果确实需要两次反向传播，请给第一次 &lt;code&gt;backward()&lt;/code&gt; 传入 &lt;code&gt;retain_graph=True&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Usually better: run the forward pass again before each backward.</source>
        <translation>通常更好的做法：每次反向传播之前重新运行一遍前向传播。</translation>
    </message>
    <message>
        <source>In loops, &lt;code&gt;detach()&lt;/code&gt; tensors carried across iterations (e.g. an RNN hidden state).</source>
        <translation>在循环中，对跨迭代传递的张量（例如 RNN 的隐藏状态）调用 &lt;code&gt;detach()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>In-place change of a leaf that requires grad</source>
        <translation>原地修改了需要梯度的叶子张量</translation>
    </message>
    <message>
        <source>A leaf tensor with &lt;code&gt;requires_grad=True&lt;/code&gt; is a parameter autograd tracks. Changing it in place while grad mode is on would make the recorded graph inconsistent, so PyTorch refuses.</source>
        <translation>&lt;code&gt;requires_grad=True&lt;/code&gt; 的叶子张量是 autograd 追踪的参数。在梯度模式开启时原地修改它，会使记录下来的计算图前后不一致，因此 PyTorch 拒绝执行。</translation>
    </message>
    <message>
        <source>Update parameters inside &lt;code&gt;with torch.no_grad():&lt;/code&gt; (this is what optimizers do).</source>
        <translation>在 &lt;code&gt;with torch.no_grad():&lt;/code&gt; 中更新参数（优化器就是这样做的）。</translation>
    </message>
    <message>
        <source>Or edit &lt;code&gt;param.data&lt;/code&gt;, which autograd does not track.</source>
        <translation>或者修改 &lt;code&gt;param.data&lt;/code&gt;，autograd 不追踪它。</translation>
    </message>
    <message>
        <source>Or create a new tensor with an out-of-place op.</source>
        <translation>或者用非原地操作创建一个新张量。</translation>
    </message>
    <message>
        <source>A view of a leaf was modified in place</source>
        <translation>叶子张量的视图被原地修改了</translation>
    </message>
    <message>
        <source>The tensor is a view of a leaf that requires grad; modifying the view in place would rewrite the leaf&apos;s history.</source>
        <translation>该张量是一个需要梯度的叶子张量的视图；原地修改这个视图会改写该叶子张量的历史。</translation>
    </message>
    <message>
        <source>Wrap the change in &lt;code&gt;torch.no_grad()&lt;/code&gt;, or clone the leaf first.</source>
        <translation>把修改放进 &lt;code&gt;torch.no_grad()&lt;/code&gt; 中，或者先克隆该叶子张量。</translation>
    </message>
    <message>
        <source>Nothing to differentiate</source>
        <translation>没有可求导的对象</translation>
    </message>
    <message>
        <source>The tensor you called &lt;code&gt;backward()&lt;/code&gt; on has no &lt;code&gt;grad_fn&lt;/code&gt;: no tensor that requires grad took part in computing it, so there is no graph.</source>
        <translation>调用 &lt;code&gt;backward()&lt;/code&gt; 的张量没有 &lt;code&gt;grad_fn&lt;/code&gt;：计算它时没有任何需要梯度的张量参与，因此不存在计算图。</translation>
    </message>
    <message>
        <source>Set &lt;code&gt;requires_grad=True&lt;/code&gt; on the parameters before the forward pass.</source>
        <translation>在前向传播之前为参数设置 &lt;code&gt;requires_grad=True&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Remove &lt;code&gt;torch.no_grad()&lt;/code&gt;, &lt;code&gt;detach()&lt;/code&gt; or &lt;code&gt;.item()&lt;/code&gt; around the forward.</source>
        <translation>去掉前向传播外围的 &lt;code&gt;torch.no_grad()&lt;/code&gt;、&lt;code&gt;detach()&lt;/code&gt; 或 &lt;code&gt;.item()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Check the inspector: &lt;code&gt;requires_grad&lt;/code&gt; and &lt;code&gt;grad_fn&lt;/code&gt; of the loss.</source>
        <translation>查看检查器：损失的 &lt;code&gt;requires_grad&lt;/code&gt; 和 &lt;code&gt;grad_fn&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>backward() on a non-scalar</source>
        <translation>对非标量调用 backward()</translation>
    </message>
    <message>
        <source>&lt;code&gt;backward()&lt;/code&gt; without arguments starts from a gradient of 1, which only makes sense for a single number. For a tensor with many elements PyTorch needs to know the gradient flowing into each element.</source>
        <translation>不带参数的 &lt;code&gt;backward()&lt;/code&gt; 从梯度 1 开始，这只对单个数值才有意义。对于包含多个元素的张量，PyTorch 需要知道流入每个元素的梯度。</translation>
    </message>
    <message>
        <source>Reduce first: &lt;code&gt;loss = y.sum()&lt;/code&gt; or &lt;code&gt;y.mean()&lt;/code&gt;.</source>
        <translation>先做归约：&lt;code&gt;loss = y.sum()&lt;/code&gt; 或 &lt;code&gt;y.mean()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Or pass it explicitly: &lt;code&gt;y.backward(torch.ones_like(y))&lt;/code&gt;.</source>
        <translation>或者显式传入梯度：&lt;code&gt;y.backward(torch.ones_like(y))&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Shapes do not match</source>
        <translation>形状不匹配</translation>
    </message>
    <message>
        <source>An operation received tensors whose shapes cannot be combined (or a gradient had the wrong shape).</source>
        <translation>某个操作收到的张量形状无法组合（或者某个梯度的形状不对）。</translation>
    </message>
    <message>
        <source>Print &lt;code&gt;x.shape&lt;/code&gt; of both operands just before the failing line.</source>
        <translation>在出错的那一行之前，打印两个操作数的 &lt;code&gt;x.shape&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Check broadcasting rules; use &lt;code&gt;unsqueeze&lt;/code&gt;/&lt;code&gt;reshape&lt;/code&gt; deliberately.</source>
        <translation>检查广播规则；有意识地使用 &lt;code&gt;unsqueeze&lt;/code&gt;/&lt;code&gt;reshape&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Inference tensor saved for backward</source>
        <translation>推理张量被保存用于反向传播</translation>
    </message>
    <message>
        <source>Tensors created under &lt;code&gt;torch.inference_mode()&lt;/code&gt; carry no version counter, so autograd cannot check them later and refuses to save them.</source>
        <translation>在 &lt;code&gt;torch.inference_mode()&lt;/code&gt; 下创建的张量没有版本计数器，autograd 之后无法检查它们，因此拒绝保存。</translation>
    </message>
    <message>
        <source>Create the tensor outside &lt;code&gt;inference_mode()&lt;/code&gt;, or &lt;code&gt;clone()&lt;/code&gt; it outside.</source>
        <translation>在 &lt;code&gt;inference_mode()&lt;/code&gt; 之外创建该张量，或者在其之外对它调用 &lt;code&gt;clone()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Use &lt;code&gt;torch.no_grad()&lt;/code&gt; instead when the result may be used with autograd later.</source>
        <translation>如果结果之后可能还要用于 autograd，请改用 &lt;code&gt;torch.no_grad()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>NaN in a gradient</source>
        <translation>梯度中出现 NaN</translation>
    </message>
    <message>
        <source>Anomaly mode checks every backward output and stopped at the first NaN. The forward trace below shows the line that created the node producing it.</source>
        <translation>异常检测模式会检查反向传播的每个输出，并在第一个 NaN 处停了下来。下方的前向轨迹显示了创建产生该 NaN 的节点的代码行。</translation>
    </message>
    <message>
        <source>Look for &lt;code&gt;log(0)&lt;/code&gt;, &lt;code&gt;sqrt&lt;/code&gt; of negatives, &lt;code&gt;0/0&lt;/code&gt; or overflowing &lt;code&gt;exp&lt;/code&gt;.</source>
        <translation>查找 &lt;code&gt;log(0)&lt;/code&gt;、对负数求 &lt;code&gt;sqrt&lt;/code&gt;、&lt;code&gt;0/0&lt;/code&gt; 或溢出的 &lt;code&gt;exp&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Add a small epsilon: &lt;code&gt;torch.log(x + 1e-8)&lt;/code&gt;; clamp inputs.</source>
        <translation>加一个很小的 epsilon：&lt;code&gt;torch.log(x + 1e-8)&lt;/code&gt;；用 clamp 限制输入的范围。</translation>
    </message>
    <message>
        <source>Lower the learning rate or normalise inputs.</source>
        <translation>降低学习率，或对输入做归一化。</translation>
    </message>
    <message>
        <source>Out of device memory</source>
        <translation>设备内存不足</translation>
    </message>
    <message>
        <source>The tensors kept alive (parameters, activations saved for backward, gradients) no longer fit in the device&apos;s memory. The memory chart shows where the peak comes from.</source>
        <translation>保持存活的张量（参数、为反向传播保存的激活值、梯度）已经超出了设备内存。内存图表显示了峰值从何而来。</translation>
    </message>
    <message>
        <source>Recompute instead of storing: &lt;code&gt;torch.utils.checkpoint&lt;/code&gt;.</source>
        <translation>用重计算代替存储：&lt;code&gt;torch.utils.checkpoint&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Offload saved tensors: &lt;code&gt;torch.autograd.graph.save_on_cpu()&lt;/code&gt;.</source>
        <translation>将保存的张量卸载到主机内存：&lt;code&gt;torch.autograd.graph.save_on_cpu()&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Use a smaller batch; evaluate under &lt;code&gt;torch.no_grad()&lt;/code&gt;; &lt;code&gt;del&lt;/code&gt; what you no longer need.</source>
        <translation>使用更小的批量；在 &lt;code&gt;torch.no_grad()&lt;/code&gt; 下做评估；用 &lt;code&gt;del&lt;/code&gt; 删除不再需要的对象。</translation>
    </message>
    <message>
        <source>Python error in the script</source>
        <translation>脚本中的 Python 错误</translation>
    </message>
    <message>
        <source>The script itself raised an exception; the traceback points at the line.</source>
        <translation>脚本本身抛出了异常；回溯信息（traceback）指出了出错的代码行。</translation>
    </message>
    <message>
        <source>Read the last line of the traceback: it names the problem.</source>
        <translation>阅读回溯信息的最后一行：它指明了问题所在。</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>The run stopped with an error.</source>
        <translation>运行因错误而停止。</translation>
    </message>
    <message>
        <source>Read PyTorch&apos;s message above; step back to see the state before the error.</source>
        <translation>阅读上方 PyTorch 的错误消息；后退几步，查看出错之前的状态。</translation>
    </message>
</context>
<context>
    <name>SacText</name>
    <message>
        <source>from cache</source>
        <translation>取自缓存</translation>
    </message>
    <message>
        <source>recomputed</source>
        <translation>已重计算</translation>
    </message>
    <message>
        <source>Selective checkpointing (%1): the output is kept for the recompute, which will not run this op again.</source>
        <translation>选择性检查点（%1）：输出被保留给重计算，重计算时不会再次运行此算子。</translation>
    </message>
    <message>
        <source>Selective checkpointing (%1): the output is not kept; the recompute runs this op again.</source>
        <translation>选择性检查点（%1）：输出不被保留；重计算时会再次运行此算子。</translation>
    </message>
    <message>
        <source>Recompute (%1): the output kept at forward was used; the op did not run again.</source>
        <translation>重计算（%1）：使用了前向时保留的输出；此算子没有再次运行。</translation>
    </message>
    <message>
        <source>Recompute (%1): this op ran again.</source>
        <translation>重计算（%1）：此算子再次运行。</translation>
    </message>
</context>
<context>
    <name>StepNarration</name>
    <message>
        <source>a tensor</source>
        <translation>一个张量</translation>
    </message>
    <message>
        <source>a %1 tensor</source>
        <translation>一个形状为 %1 的张量</translation>
    </message>
    <message>
        <source>a backward node</source>
        <translation>一个反向传播节点</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>a saved tensor</source>
        <translation>一个保存的张量</translation>
    </message>
    <message>
        <source>Line %1 runs.</source>
        <translation>执行第 %1 行。</translation>
    </message>
    <message>
        <source>Line %1 runs: %2</source>
        <translation>执行第 %1 行：%2</translation>
    </message>
    <message>
        <source>The op creates a new %1 tensor whose grad_fn is %2: backward can go through it to the inputs that require grad.</source>
        <translation>该操作创建了一个形状为 %1 的新张量，它的 grad_fn 是 %2：反向传播可以经由它到达需要梯度的输入。</translation>
    </message>
    <message>
        <source>A leaf tensor %1 %2 is created with requires_grad=True: backward will add its gradient to .grad.</source>
        <translation>创建了叶子张量 %1（形状 %2），requires_grad=True：反向传播会把它的梯度累加到 .grad 中。</translation>
    </message>
    <message>
        <source>A %1 tensor is created that does not require grad: autograd does not track it.</source>
        <translation>创建了一个形状为 %1、不需要梯度的张量：autograd 不追踪它。</translation>
    </message>
    <message>
        <source>It is a view of %1 and shares its version counter.</source>
        <translation>它是 %1 的视图，与之共享版本计数器。</translation>
    </message>
    <message>
        <source>The name %1 now refers to this %2 tensor.</source>
        <translation>名称 %1 现在指向这个形状为 %2 的张量。</translation>
    </message>
    <message>
        <source>%1 is created for a leaf: in backward it adds the incoming gradient to the leaf&apos;s .grad.</source>
        <translation>为一个叶子张量创建了 %1：反向传播时，它把传入的梯度累加到该叶子张量的 .grad 中。</translation>
    </message>
    <message>
        <source>%1 is created for the leaf %2: in backward it adds the incoming gradient to %3.</source>
        <translation>为叶子张量 %2 创建了 %1：反向传播时，它把传入的梯度累加到 %3 中。</translation>
    </message>
    <message>
        <source>Recompute: the checkpointed forward runs again and records %1 again.</source>
        <translation>重计算：检查点内的前向传播再次运行，重新记录 %1。</translation>
    </message>
    <message>
        <source>create_graph=True: the backward&apos;s own ops are recorded too, so %1 joins the graph of the gradient, for a later backward to differentiate.</source>
        <translation>create_graph=True：反向传播自身的运算也被记录，因此 %1 加入梯度的计算图，供之后的反向传播求导。</translation>
    </message>
    <message>
        <source>The forward op records %1 in the graph.</source>
        <translation>前向操作在计算图中记录了 %1。</translation>
    </message>
    <message>
        <source>None of its inputs requires grad.</source>
        <translation>它的输入都不需要梯度。</translation>
    </message>
    <message>
        <source>In backward it will send gradients to %1.</source>
        <translation>反向传播时，它会把梯度发送给 %1。</translation>
    </message>
    <message>
        <source>%1 saves its own output as %2 (version %3) for backward.</source>
        <translation>%1 把自身的输出保存为 %2（版本 %3），供反向传播使用。</translation>
    </message>
    <message>
        <source>%1 saves %2 as %3 (version %4) for backward.</source>
        <translation>%1 把 %2 保存为 %3（版本 %4），供反向传播使用。</translation>
    </message>
    <message>
        <source>%1 changes %2 in place: its version goes from %3 to %4.</source>
        <translation>%1 原地修改了 %2：它的版本从 %3 变为 %4。</translation>
    </message>
    <message>
        <source>%1 saved it at an older version: backward through it will fail.</source>
        <translation>%1 保存的是它的旧版本：反向传播经过时将会失败。</translation>
    </message>
    <message>
        <source>The in-place op rewrites the history of %1: its grad_fn is now %2.</source>
        <translation>原地操作改写了 %1 的历史：它的 grad_fn 现在是 %2。</translation>
    </message>
    <message>
        <source>The pack hook %1 takes the saved %2 of %3</source>
        <translation>打包钩子 %1 接管了 %3 保存的 %2</translation>
    </message>
    <message>
        <source> and moves it from %1 to %2 (%3)</source>
        <translation>，并把它从 %1 移到 %2（%3）</translation>
    </message>
    <message>
        <source>Backward needs the saved %1 of %2: the unpack hook %3 brings it back</source>
        <translation>反向传播需要 %2 保存的 %1：解包钩子 %3 把它取回</translation>
    </message>
    <message>
        <source> from %1 to %2</source>
        <translation>（从 %1 回到 %2）</translation>
    </message>
    <message>
        <source>backward() runs inside backward(), starting at %1.</source>
        <translation>backward() 在 backward() 内部运行，从 %1 开始。</translation>
    </message>
    <message>
        <source>backward() starts at %1 with grad_output 1: the gradient of the output with respect to itself.</source>
        <translation>backward() 从 %1 开始，grad_output 为 1：即输出对其自身的梯度。</translation>
    </message>
    <message>
        <source>retain_graph=True keeps the saved tensors for another backward.</source>
        <translation>retain_graph=True 会保留保存的张量，以便再做一次反向传播。</translation>
    </message>
    <message>
        <source>backward() is done: the leaves&apos; .grad hold the gradients.</source>
        <translation>backward() 完成：各叶子张量的 .grad 中存有梯度。</translation>
    </message>
    <message>
        <source>backward() stopped with an error.</source>
        <translation>backward() 因错误而停止。</translation>
    </message>
    <message>
        <source>no gradient (None)</source>
        <translation>无梯度（None）</translation>
    </message>
    <message>
        <source>%1 receives %2 for the leaf %3.</source>
        <translation>%1 为叶子张量 %3 收到 %2。</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 给 %2</translation>
    </message>
    <message>
        <source>%1 receives grad_output %2</source>
        <translation>%1 收到 grad_output %2</translation>
    </message>
    <message>
        <source>the saved %1</source>
        <translation>保存的 %1</translation>
    </message>
    <message>
        <source>the saved %1 (%2)</source>
        <translation>保存的 %1（%2）</translation>
    </message>
    <message>
        <source>and sends grad_input %1.</source>
        <translation>并发出 grad_input：%1。</translation>
    </message>
    <message>
        <source>the leaf</source>
        <translation>该叶子张量</translation>
    </message>
    <message>
        <source>%1 is now None.</source>
        <translation>%1 现在是 None。</translation>
    </message>
    <message>
        <source>%1 is now %2.</source>
        <translation>%1 现在是 %2。</translation>
    </message>
    <message>
        <source>retain_grad(): %1 will keep its .grad although it is not a leaf.</source>
        <translation>retain_grad()：%1 虽然不是叶子张量，也会保留它的 .grad。</translation>
    </message>
    <message>
        <source>retain_grad stores the gradient arriving at %1 in %2.grad.</source>
        <translation>retain_grad 把到达 %1 的梯度存入 %2.grad。</translation>
    </message>
    <message>
        <source>A hook is registered on %1: it will see the gradient of %1 in backward.</source>
        <translation>在 %1 上注册了一个钩子：反向传播时它会看到 %1 的梯度。</translation>
    </message>
    <message>
        <source>The hook on %1 runs with the gradient arriving at %2.</source>
        <translation>%1 上的钩子运行，拿到的是到达 %2 的梯度。</translation>
    </message>
    <message>
        <source>%1 has run and frees its saved tensors (retain_graph=False): a second backward through it would fail.</source>
        <translation>%1 已运行，并释放了它保存的张量（retain_graph=False）：再次经过它的反向传播将会失败。</translation>
    </message>
    <message>
        <source>Checkpoint %1 starts: the ops inside it do not keep their activations for backward (%2).</source>
        <translation>检查点 %1 开始：其中的操作不为反向传播保留激活值（%2）。</translation>
    </message>
    <message>
        <source>reentrant</source>
        <translation>可重入</translation>
    </message>
    <message>
        <source>non-reentrant</source>
        <translation>不可重入</translation>
    </message>
    <message>
        <source>Checkpoint %1 ends: backward will run its forward again to get the activations back.</source>
        <translation>检查点 %1 结束：反向传播时会再次运行它的前向传播，以取回激活值。</translation>
    </message>
    <message>
        <source>Backward reaches checkpoint %1: its forward runs again to rebuild the activations it did not save.</source>
        <translation>反向传播到达检查点 %1：再次运行它的前向传播，重建未保存的激活值。</translation>
    </message>
    <message>
        <source>The recompute of checkpoint %1 is done; backward goes on through the rebuilt nodes.</source>
        <translation>检查点 %1 的重计算完成；反向传播继续经过重建的节点。</translation>
    </message>
    <message>
        <source>simulated GPU</source>
        <translation>模拟 GPU</translation>
    </message>
    <message>
        <source>%1: %2 allocated (now %3 in use).</source>
        <translation>%1：分配了 %2（当前占用 %3）。</translation>
    </message>
    <message>
        <source>%1: %2 freed (now %3 in use).</source>
        <translation>%1：释放了 %2（当前占用 %3）。</translation>
    </message>
    <message>
        <source>Entering %1 (%2): the nodes it creates are framed with its name.</source>
        <translation>进入 %1（%2）：它创建的节点会被框起来，并标上它的名称。</translation>
    </message>
    <message>
        <source>Leaving %1.</source>
        <translation>离开 %1。</translation>
    </message>
    <message>
        <source>Leaving the module.</source>
        <translation>离开该模块。</translation>
    </message>
    <message>
        <source>The script writes to stderr: %1</source>
        <translation>脚本向 stderr 写入：%1</translation>
    </message>
    <message>
        <source>The script prints: %1</source>
        <translation>脚本输出：%1</translation>
    </message>
    <message>
        <source>(raised while backward ran %1)</source>
        <translation>（在反向传播运行 %1 时抛出）</translation>
    </message>
    <message>
        <source>The run stopped: %1: %2</source>
        <translation>运行已停止：%1: %2</translation>
    </message>
    <message>
        <source>The run is complete.</source>
        <translation>运行完成。</translation>
    </message>
    <message numerus="yes">
        <source>The run is complete after %n backward() call(s); the leaves hold their gradients.</source>
        <translation>
            <numerusform>运行完成，共调用了 %n 次 backward()；各叶子张量中存有各自的梯度。</numerusform>
        </translation>
    </message>
    <message>
        <source>passes it unchanged to both inputs (summed to each input&apos;s shape)</source>
        <translation>将它原样传给两个输入（按各输入的形状求和）</translation>
    </message>
    <message>
        <source>passes it unchanged to self</source>
        <translation>将它原样传给 self</translation>
    </message>
    <message>
        <source>passes it to self and its negative (times alpha) to other</source>
        <translation>将它传给 self，并将它的相反数（乘以 alpha）传给 other</translation>
    </message>
    <message>
        <source>passes its negative to self</source>
        <translation>将它的相反数传给 self</translation>
    </message>
    <message>
        <source>multiplies it by the saved other for self and by the saved self for other</source>
        <translation>对 self 将它乘以保存的 other，对 other 将它乘以保存的 self</translation>
    </message>
    <message>
        <source>multiplies it by the number self was multiplied with</source>
        <translation>将它乘以 self 所乘的那个数</translation>
    </message>
    <message>
        <source>divides it by the saved other for self; for other it uses −grad_output · self / other²</source>
        <translation>对 self 将它除以保存的 other；对 other 则使用 −grad_output · self / other²</translation>
    </message>
    <message>
        <source>divides it by the number self was divided by</source>
        <translation>将它除以 self 所除的那个数</translation>
    </message>
    <message>
        <source>negates it</source>
        <translation>将它取相反数</translation>
    </message>
    <message>
        <source>multiplies it by the saved result (exp is its own derivative)</source>
        <translation>将它乘以保存的 result（exp 的导数就是它自身）</translation>
    </message>
    <message>
        <source>divides it by the saved self</source>
        <translation>将它除以保存的 self</translation>
    </message>
    <message>
        <source>multiplies it by cos(self)</source>
        <translation>将它乘以 cos(self)</translation>
    </message>
    <message>
        <source>multiplies it by −sin(self)</source>
        <translation>将它乘以 −sin(self)</translation>
    </message>
    <message>
        <source>multiplies it by 1 − result²</source>
        <translation>将它乘以 1 − result²</translation>
    </message>
    <message>
        <source>multiplies it by result · (1 − result)</source>
        <translation>将它乘以 result · (1 − result)</translation>
    </message>
    <message>
        <source>divides it by 2 · result</source>
        <translation>将它除以 2 · result</translation>
    </message>
    <message>
        <source>lets it through where the result is positive and sends 0 elsewhere</source>
        <translation>在结果为正的位置让它通过，其余位置传 0</translation>
    </message>
    <message>
        <source>spreads it evenly: every element gets grad_output / numel</source>
        <translation>将它平均分摊：每个元素得到 grad_output / numel</translation>
    </message>
    <message>
        <source>spreads it evenly over the reduced dimensions</source>
        <translation>将它沿被归约的维度平均分摊</translation>
    </message>
    <message>
        <source>copies it to every element of the input</source>
        <translation>将它复制到输入的每个元素</translation>
    </message>
    <message>
        <source>copies it along the summed dimensions</source>
        <translation>将它沿被求和的维度复制</translation>
    </message>
    <message>
        <source>computes grad_output @ mat2ᵀ for self and selfᵀ @ grad_output for mat2</source>
        <translation>对 self 计算 grad_output @ mat2ᵀ，对 mat2 计算 selfᵀ @ grad_output</translation>
    </message>
    <message>
        <source>sums it over the rows for the bias, and computes grad_output @ mat2ᵀ for mat1 and mat1ᵀ @ grad_output for mat2</source>
        <translation>对偏置按行求和，对 mat1 计算 grad_output @ mat2ᵀ，对 mat2 计算 mat1ᵀ @ grad_output</translation>
    </message>
    <message>
        <source>transposes it back</source>
        <translation>将它转置回去</translation>
    </message>
    <message>
        <source>reshapes it to the input&apos;s shape</source>
        <translation>将它变形为输入的形状</translation>
    </message>
    <message>
        <source>removes the added dimension</source>
        <translation>去掉新增的维度</translation>
    </message>
    <message>
        <source>puts the removed dimensions back</source>
        <translation>恢复被去掉的维度</translation>
    </message>
    <message>
        <source>sums it over the expanded dimensions</source>
        <translation>沿被扩展的维度对它求和</translation>
    </message>
    <message>
        <source>passes it unchanged</source>
        <translation>将它原样传递</translation>
    </message>
    <message>
        <source>places it at the selected index of a zero tensor of the input&apos;s shape</source>
        <translation>将它放到一个与输入同形状的全零张量的选定索引处</translation>
    </message>
    <message>
        <source>places it in the selected slice of a zero tensor of the input&apos;s shape</source>
        <translation>将它放到一个与输入同形状的全零张量的选定切片中</translation>
    </message>
    <message>
        <source>adds it at the indexed places of a zero tensor of the input&apos;s shape</source>
        <translation>将它累加到一个与输入同形状的全零张量的索引位置上</translation>
    </message>
    <message>
        <source>multiplies it by 2 · (self − target) / numel</source>
        <translation>将它乘以 2 · (self − target) / numel</translation>
    </message>
    <message>
        <source>subtracts softmax · sum(grad_output) from it</source>
        <translation>从它中减去 softmax · sum(grad_output)</translation>
    </message>
    <message>
        <source>computes result · (grad_output − sum(grad_output · result))</source>
        <translation>计算 result · (grad_output − sum(grad_output · result))</translation>
    </message>
    <message>
        <source>puts −grad_output (divided by the batch for &apos;mean&apos;) at each target class</source>
        <translation>在每个目标类别处放入 −grad_output（&apos;mean&apos; 时再除以批大小）</translation>
    </message>
    <message>
        <source>routes it around the slice that was overwritten in place</source>
        <translation>让它绕过被原地覆盖的切片</translation>
    </message>
    <message>
        <source>multiplies it by exponent · self^(exponent−1)</source>
        <translation>将它乘以 exponent · self^(exponent−1)</translation>
    </message>
    <message>
        <source>uses exponent · self^(exponent−1) for self and result · log(self) for exponent</source>
        <translation>对 self 使用 exponent · self^(exponent−1)，对 exponent 使用 result · log(self)</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the clauses of one sentence</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>.</source>
        <comment>the end of a sentence</comment>
        <translation>。</translation>
    </message>
    <message>
        <source> </source>
        <comment>between two sentences</comment>
        <translation>​</translation>
    </message>
    <message>
        <source>Selective checkpointing keeps the output of %1 (%2): backward will not run it again.</source>
        <translation>选择性检查点保留 %1 的输出（%2）：反向传播时不会再次运行它。</translation>
    </message>
    <message>
        <source>Selective checkpointing lets the output of %1 go: backward will run it again.</source>
        <translation>选择性检查点不保留 %1 的输出：反向传播时会再次运行它。</translation>
    </message>
    <message>
        <source>The recompute takes the kept output of %1 (%2) instead of running it again.</source>
        <translation>重计算直接取用 %1 保留的输出（%2），而不再次运行它。</translation>
    </message>
    <message>
        <source>The recompute runs %1 again.</source>
        <translation>重计算再次运行 %1。</translation>
    </message>
    <message>
        <source>%1.data was replaced: the tensor now holds a %2 tensor on %3, and keeps its name and its place in the graph.</source>
        <translation>%1.data 已被替换：该张量现在持有 %3 上的一个 %2 张量，并保留它的名字和在图中的位置。</translation>
    </message>
    <message>
        <source>pinned host memory</source>
        <translation>锁页主机内存</translation>
    </message>
    <message>
        <source>%1 copied from %2 to %3: %4 over the PCIe link, modelled at %5 (%6).</source>
        <translation>%1 从 %2 复制到 %3：经 PCIe 链路耗时 %4（按 %5 建模，%6）。</translation>
    </message>
</context>
<context>
    <name>agv::ui::CompareRunsDialog</name>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Run &amp;Again</source>
        <translation>再次运行(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Cancel Runs</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Open in Main Window</source>
        <translation>在主窗口中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Peak saved</source>
        <translation>保存峰值</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>分配峰值</translation>
    </message>
    <message>
        <source>Forward ops</source>
        <translation>前向操作</translation>
    </message>
    <message>
        <source>Recomputed ops</source>
        <translation>重计算操作</translation>
    </message>
    <message>
        <source>Extra work</source>
        <translation>额外工作</translation>
    </message>
    <message>
        <source>The most bytes the autograd graph held for backward at once (saved activations)</source>
        <translation>autograd 图同一时刻为反向传播保留的最多字节数（保存的激活值）</translation>
    </message>
    <message>
        <source>The most bytes allocated at once, all devices together</source>
        <translation>同一时刻分配的最多字节数，所有设备合计</translation>
    </message>
    <message>
        <source>Operations run again by checkpoint recomputes during backward</source>
        <translation>反向传播期间检查点重计算再次运行的操作</translation>
    </message>
    <message>
        <source>Double-click a run, or click its point in the chart, to open its graph, steps and console in the main window.</source>
        <translation>双击一次运行，或点击图表中它的点，即可在主窗口中打开它的计算图、步骤和控制台。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Peak saved&lt;/b&gt; — the most bytes the autograd graph held for backward at once: tensors saved by grad_fn nodes, the inputs a checkpoint keeps included. Parameters and the script&apos;s own inputs do not count: they stay alive anyway.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Peak allocated&lt;/b&gt; — the most bytes allocated at once on all devices, as the memory chart shows them (a checkpoint&apos;s stashed random state included).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Forward ops&lt;/b&gt; — operations the forward pass ran. &lt;b&gt;Recomputed ops&lt;/b&gt; — operations backward ran again to rebuild what checkpointing did not keep: the extra forward work, also shown as a share of the forward pass.&lt;/p&gt;&lt;p&gt;More segments do not always keep less: every checkpointed segment keeps its input, so many short segments can keep more than no checkpointing at all.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;保存峰值&lt;/b&gt; — autograd 图同一时刻为反向传播保留的最多字节数：grad_fn 节点保存的张量，包括检查点保留的输入。参数和脚本自己的输入不计入：它们无论如何都会存活。&lt;/p&gt;&lt;p&gt;&lt;b&gt;分配峰值&lt;/b&gt; — 所有设备上同一时刻分配的最多字节数，即内存图表显示的数值（包括检查点暂存的随机数状态）。&lt;/p&gt;&lt;p&gt;&lt;b&gt;前向操作&lt;/b&gt; — 前向传播运行的操作。&lt;b&gt;重计算操作&lt;/b&gt; — 反向传播为重建检查点未保留的内容而再次运行的操作：即额外的前向工作，也以占前向传播的比例显示。&lt;/p&gt;&lt;p&gt;分段越多并不总是保留得越少：每个检查点分段都会保留它的输入，所以许多很短的分段可能比完全不用检查点保留得更多。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Trade-off: memory kept against work done again</source>
        <translation>权衡：保留的内存与重做的工作</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>内存随时间变化</translation>
    </message>
    <message>
        <source>against</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>untitled script</source>
        <translation>未命名脚本</translation>
    </message>
    <message>
        <source>Compare runs of %1</source>
        <translation>比较 %1 的运行</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>No runs yet</source>
        <translation>尚无运行</translation>
    </message>
    <message>
        <source>Running %1 (%2 of %3)</source>
        <translation>正在运行 %1（第 %2 个，共 %3 个）</translation>
    </message>
    <message>
        <source>%1 of %2 runs finished, %3 failed</source>
        <translation>%2 次运行中已完成 %1 次，%3 次失败</translation>
    </message>
    <message>
        <source>%1 of %2 runs finished</source>
        <translation>%2 次运行中已完成 %1 次</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; failed: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 失败：%2</translation>
    </message>
    <message>
        <source>recomputes nothing</source>
        <translation>不重计算任何操作</translation>
    </message>
    <message>
        <source>recomputes 1 operation (%1 extra forward work)</source>
        <translation>重计算 1 个操作（额外前向工作 %1）</translation>
    </message>
    <message>
        <source>recomputes %1 operations (%2 extra forward work)</source>
        <translation>重计算 %1 个操作（额外前向工作 %2）</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; keeps at most %3 for backward (%4 allocated at the peak) and %5.</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; 最多为反向传播保留 %3（峰值时分配了 %4），并且%5。</translation>
    </message>
    <message>
        <source>for %1 more recomputed operations</source>
        <translation>代价是多重计算 %1 个操作</translation>
    </message>
    <message>
        <source>and recomputes %1 fewer operations</source>
        <translation>并且少重计算 %1 个操作</translation>
    </message>
    <message>
        <source>for the same work</source>
        <translation>而工作量相同</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; keeps %2% less for backward %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 为反向传播少保留 %2%，%3。</translation>
    </message>
    <message>
        <source>Both keep the same bytes for backward at the peak.</source>
        <translation>两者在峰值时为反向传播保留的字节数相同。</translation>
    </message>
    <message>
        <source>The same script as written, with checkpointing off and, where the script uses them, with each segment count checkpoint_sequential can take and with selective checkpointing recomputing or saving every op. Operations and bytes are counted, not timed: every machine gives the same numbers.</source>
        <translation>同一个脚本：按原样运行、关闭检查点运行；若脚本用到，还会按 checkpoint_sequential 可取的每个分段数运行，并让选择性检查点对每个算子都重计算或都保存。算子和字节是计数得到的，不是计时：每台机器得到的数字都相同。</translation>
    </message>
</context>
<context>
    <name>agv::ui::ConfigurationRuns</name>
    <message>
        <source>As written</source>
        <translation>按原样</translation>
    </message>
    <message>
        <source>Checkpointing off</source>
        <translation>关闭检查点</translation>
    </message>
    <message>
        <source>1 segment</source>
        <translation>1 段</translation>
    </message>
    <message>
        <source>%1 segments</source>
        <translation>%1 段</translation>
    </message>
    <message>
        <source>the script ended with exit code %1</source>
        <translation>脚本以退出码 %1 结束</translation>
    </message>
    <message>
        <source>SAC: recompute every op</source>
        <translation>SAC：每个算子都重计算</translation>
    </message>
    <message>
        <source>SAC: save every op</source>
        <translation>SAC：每个算子都保存</translation>
    </message>
</context>
<context>
    <name>agv::ui::ErrorPanel</name>
    <message>
        <source>Checkpoint %1: the recompute differs from the forward</source>
        <translation>检查点 %1：重计算的结果与前向传播不同</translation>
    </message>
    <message>
        <source>The segment was checkpointed with &lt;code&gt;preserve_rng_state=False&lt;/code&gt;, so the random draws (dropout masks) of the recompute are new ones, not those of the forward.</source>
        <translation>该段检查点使用了 &lt;code&gt;preserve_rng_state=False&lt;/code&gt;，因此重计算时的随机抽样（dropout 掩码）是新抽取的，而不是前向传播时的那些。</translation>
    </message>
    <message>
        <source>When backward ran the function again it gave other results: it reads something that changed after the forward (a global variable, an input modified in place, a random draw).</source>
        <translation>反向传播再次运行该函数时得到了不同的结果：它读取了某个在前向传播之后发生了变化的东西（全局变量、被原地修改的输入、随机抽样）。</translation>
    </message>
    <message>
        <source>PyTorch raises nothing and its documentation says this cannot be detected: the gradients are computed from the recomputed values, so they are silently wrong. autogradviz recorded both runs and compared them.</source>
        <translation>PyTorch 不会报任何错，其文档也说明这种情况无法检测：梯度是根据重计算得到的值算出来的，因此会悄无声息地出错。autogradviz 记录了两次运行并做了比较。</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向传播</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>No error at this step. When a run fails, the message, an explanation and the forward trace of the failing node appear here.</source>
        <translation>此步没有错误。运行失败时，错误消息、解释以及出错节点的前向轨迹会显示在这里。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Failing node: &lt;a href=&apos;node:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt;</source>
        <translation>&lt;p&gt;出错节点：&lt;a href=&apos;node:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt;</translation>
    </message>
    <message>
        <source> &amp;nbsp;·&amp;nbsp; modified tensor: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> &amp;nbsp;·&amp;nbsp; 被修改的张量：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>What happened.</source>
        <translation>发生了什么：</translation>
    </message>
    <message>
        <source>Usual fixes</source>
        <translation>常见修复方法</translation>
    </message>
    <message>
        <source>Forward call that created the failing node (anomaly mode)</source>
        <translation>创建出错节点的前向调用（异常检测模式）</translation>
    </message>
    <message>
        <source>Traceback</source>
        <translation>回溯信息（Traceback）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Made stale by &lt;a href=&apos;cause:%1:%2&apos;&gt;&lt;code&gt;%3&lt;/code&gt; on line %1&lt;/a&gt; (%4 bumped the version from %5 to %6).&lt;/p&gt;</source>
        <translation>&lt;p&gt;由&lt;a href=&apos;cause:%1:%2&apos;&gt;第 %1 行的 &lt;code&gt;%3&lt;/code&gt;&lt;/a&gt;导致过期（%4 将版本从 %5 增加到 %6）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) is cut from the graph</source>
        <translation>检查点 %1（&lt;a href=&apos;line:%2&apos;&gt;第 %2 行&lt;/a&gt;）与计算图断开了</translation>
    </message>
    <message>
        <source>None of its inputs requires grad, so the reentrant checkpoint ran its function under no_grad and returned a tensor without &lt;code&gt;grad_fn&lt;/code&gt;. Backward never reaches the function: the parameters it uses get no gradient and would never train. PyTorch only warns (&quot;None of the inputs have requires_grad=True&quot;).</source>
        <translation>它的输入都不需要梯度，所以可重入检查点在 no_grad 下运行了它的函数，并返回了一个没有 &lt;code&gt;grad_fn&lt;/code&gt; 的张量。反向传播永远到达不了这个函数：它用到的参数得不到梯度，永远不会被训练。PyTorch 只给出警告（&quot;None of the inputs have requires_grad=True&quot;）。</translation>
    </message>
    <message>
        <source>Fix: &lt;code&gt;checkpoint(fn, x, use_reentrant=False)&lt;/code&gt;, or make an input require grad.</source>
        <translation>修复：&lt;code&gt;checkpoint(fn, x, use_reentrant=False)&lt;/code&gt;，或者让某个输入需要梯度。</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) runs inside save_on_cpu, but nothing in it is offloaded</source>
        <translation>检查点 %1（&lt;a href=&apos;line:%2&apos;&gt;第 %2 行&lt;/a&gt;）在 save_on_cpu 里运行，但其中什么也没有被卸载</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) runs inside saved_tensors_hooks, but they pack nothing in it</source>
        <translation>检查点 %1（&lt;a href=&apos;line:%2&apos;&gt;第 %2 行&lt;/a&gt;）在 saved_tensors_hooks 里运行，但这些钩子没有打包其中的任何东西</translation>
    </message>
    <message numerus="yes">
        <source>The non-reentrant checkpoint packed the %n tensor(s) its function saved with its own saved-tensor hooks, as placeholders that backward fills by recomputing. Its hooks are innermost and only the innermost hooks pack, so %1 never saw them; the checkpoint keeps its inputs itself instead of saving them through %1. PyTorch 1.13 raises nothing.</source>
        <translation>
            <numerusform>这个非可重入检查点用它自己的保存张量钩子打包了它的函数保存的 %n 个张量，作为占位符，由反向传播通过重计算来填充。它的钩子在最内层，而只有最内层的钩子负责打包，所以 %1 根本没有看到它们；检查点自己保留它的输入，而不是通过 %1 保存它们。PyTorch 1.13 不会报任何错。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix: a reentrant checkpoint (&lt;code&gt;use_reentrant=True&lt;/code&gt;, 1.13&apos;s default) saves its inputs for backward, and %1 packs them; or put %1 inside the checkpointed function (what it saves is then packed by %1 instead of recomputed).</source>
        <translation>修复：可重入检查点（&lt;code&gt;use_reentrant=True&lt;/code&gt;，1.13 的默认值）会为反向传播保存它的输入，%1 就会打包它们；或者把 %1 放到被检查点的函数里面（这样它保存的东西会由 %1 打包，而不是重计算）。</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphScene</name>
    <message>
        <source>⟲ checkpoint %1: recompute</source>
        <translation>⟲ 检查点 %1：重计算</translation>
    </message>
    <message>
        <source>checkpoint %1: not kept</source>
        <translation>检查点 %1：未保留</translation>
    </message>
    <message>
        <source>host memory (%1)</source>
        <translation>主机内存（%1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;grad in: &lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation>&lt;br&gt;传入梯度：&lt;pre&gt;%1&lt;/pre&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;executed (#%1)</source>
        <translation>&lt;br&gt;已执行（#%1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;not executed yet</source>
        <translation>&lt;br&gt;尚未执行</translation>
    </message>
    <message>
        <source>%1 on line %2</source>
        <translation>第 %2 行的 %1</translation>
    </message>
    <message>
        <source>Click the title to collapse %1 into one box</source>
        <translation>单击标题，将 %1 折叠成一个方框</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Collapse %1</source>
        <translation>折叠 %1</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphSearchBar</name>
    <message>
        <source>Find a tensor, node or module</source>
        <translation>查找张量、节点或模块</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphView</name>
    <message>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>grad_fn</source>
        <translation>grad_fn</translation>
    </message>
    <message>
        <source>AccumulateGrad</source>
        <translation>AccumulateGrad</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>stale saved tensor</source>
        <translation>过期的保存张量</translation>
    </message>
    <message>
        <source>op (and the grad_fn it records)</source>
        <translation>运算（及其记录的 grad_fn）</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
</context>
<context>
    <name>agv::ui::GroupNodeItem</name>
    <message>
        <source>%1, %2 ops each</source>
        <translation>%1，每次 %2 个运算</translation>
    </message>
    <message>
        <source>all %1 nodes executed</source>
        <translation>全部 %1 个节点已执行</translation>
    </message>
    <message>
        <source>%1 of %2 nodes executed</source>
        <translation>%2 个节点中已执行 %1 个</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>%1 of %2 nodes created</source>
        <translation>%2 个节点中已创建 %1 个</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; repeated %2 times: %3 nodes</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 重复 %2 次：%3 个节点</translation>
    </message>
    <message>
        <source>, with the %1 inputs that fed only one repetition each</source>
        <translation>，以及只供给其中一次重复的 %1 个输入</translation>
    </message>
    <message>
        <source>&lt;br&gt;Double-click to expand.</source>
        <translation>&lt;br&gt;双击展开。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: one module call drawn as one box, %2 nodes and %3 other items inside</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：一次模块调用画成一个方框，内含 %2 个节点和 %3 个其他元素</translation>
    </message>
</context>
<context>
    <name>agv::ui::InspectorPanel</name>
    <message>
        <source>original tensor</source>
        <translation>原始张量</translation>
    </message>
    <message>
        <source>data only (output saved without grad_fn)</source>
        <translation>仅数据（输出保存时不带 grad_fn）</translation>
    </message>
    <message>
        <source>packed by a saved-tensor hook</source>
        <translation>由保存张量钩子打包</translation>
    </message>
    <message>
        <source>offloaded to host memory</source>
        <translation>已卸载到主机内存</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Click a tensor, a grad_fn node or a saved-tensor badge in the graph.</source>
        <translation>在计算图中点击一个张量、一个 grad_fn 节点或一个保存张量标记。</translation>
    </message>
    <message>
        <source>Not created yet at this step.</source>
        <translation>此步时尚未创建。</translation>
    </message>
    <message>
        <source>at this step</source>
        <translation>当前步</translation>
    </message>
    <message>
        <source>tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>leaves with requires_grad</source>
        <translation>requires_grad 的叶子张量</translation>
    </message>
    <message>
        <source>grad_fn nodes</source>
        <translation>grad_fn 节点</translation>
    </message>
    <message>
        <source>nodes executed by backward</source>
        <translation>反向传播已执行的节点</translation>
    </message>
    <message>
        <source>saved tensors</source>
        <translation>保存的张量</translation>
    </message>
    <message>
        <source>  released</source>
        <translation>  已释放</translation>
    </message>
    <message>
        <source>  stale</source>
        <translation>  已过期</translation>
    </message>
    <message>
        <source>backward() calls</source>
        <translation>backward() 调用次数</translation>
    </message>
    <message>
        <source>memory on %1</source>
        <translation>%1 上的内存</translation>
    </message>
    <message>
        <source>%1 B (peak %2 B)</source>
        <translation>%1 B（峰值 %2 B）</translation>
    </message>
    <message>
        <source>tensor #%1</source>
        <translation>张量 #%1</translation>
    </message>
    <message>
        <source>Leaf tensor that requires grad: its .grad is filled by backward()</source>
        <translation>需要梯度的叶子张量：它的 .grad 由 backward() 填充</translation>
    </message>
    <message>
        <source>Plain tensor: autograd does not track it</source>
        <translation>普通张量：autograd 不追踪它</translation>
    </message>
    <message>
        <source>Result of an op: its grad_fn records how to backpropagate</source>
        <translation>操作的结果：它的 grad_fn 记录了如何进行反向传播</translation>
    </message>
    <message>
        <source>freed</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>saved by</source>
        <translation>保存它的节点</translation>
    </message>
    <message>
        <source>  (released)</source>
        <translation>  （已释放）</translation>
    </message>
    <message>
        <source>  STALE (now v%1)</source>
        <translation>  已过期（当前为 v%1）</translation>
    </message>
    <message>
        <source>Adds the incoming gradient into %1.grad</source>
        <translation>将传入的梯度累加到 %1.grad</translation>
    </message>
    <message>
        <source>Backward function recorded by the forward op</source>
        <translation>由前向操作记录的反向传播函数</translation>
    </message>
    <message>
        <source>This node failed during backward.</source>
        <translation>该节点在反向传播中出错。</translation>
    </message>
    <message>
        <source>yes, #%1 in backward order</source>
        <translation>是，反向传播顺序中的第 %1 个</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>尚未</translation>
    </message>
    <message>
        <source>recomputed by checkpoint (segment %1)</source>
        <translation>由检查点重计算（段 %1）</translation>
    </message>
    <message>
        <source>  STALE</source>
        <translation>  已过期</translation>
    </message>
    <message>
        <source>  packed on %1</source>
        <translation>  已打包到 %1</translation>
    </message>
    <message>
        <source>grad in</source>
        <translation>传入梯度</translation>
    </message>
    <message>
        <source>grad out</source>
        <translation>传出梯度</translation>
    </message>
    <message>
        <source>forward trace</source>
        <translation>前向轨迹</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>保存的 %1</translation>
    </message>
    <message>
        <source>Released: backward already used it (use retain_graph=True to keep it)</source>
        <translation>已释放：反向传播已经用过它（使用 retain_graph=True 可以保留它）</translation>
    </message>
    <message>
        <source>Modified in place after it was saved, but a saved-tensor hook holds it: PyTorch does not check its version, so backward uses whatever unpack returns, without an error.</source>
        <translation>保存之后被原地修改过，但它由保存张量钩子持有：PyTorch 不检查它的版本，因此反向传播会直接使用 unpack 返回的值，不会报错。</translation>
    </message>
    <message>
        <source>Stale: the tensor was modified in place after it was saved. Backward through this node will fail.</source>
        <translation>已过期：该张量在保存之后被原地修改过。经过此节点的反向传播将会失败。</translation>
    </message>
    <message>
        <source>A checkpoint placeholder: nothing is kept; backward recomputes this tensor when it needs it.</source>
        <translation>检查点占位符：不保留任何内容；反向传播在需要时会重计算这个张量。</translation>
    </message>
    <message>
        <source>Offloaded: a saved-tensor hook moved it off its device; unpack brings it back for backward.</source>
        <translation>已卸载：保存张量钩子把它移出了所在设备；unpack 会把它取回供反向传播使用。</translation>
    </message>
    <message>
        <source>Held by a saved-tensor hook: pack ran when it was saved, unpack gives it back for backward.</source>
        <translation>由保存张量钩子持有：保存时运行了 pack，unpack 会把它交还给反向传播。</translation>
    </message>
    <message>
        <source>Kept by the node for its backward formula.</source>
        <translation>由节点保留，用于它的反向传播公式。</translation>
    </message>
    <message>
        <source>the node&apos;s own output (saved without grad_fn: no reference cycle)</source>
        <translation>节点自身的输出（保存时不带 grad_fn：避免循环引用）</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>%n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Click to show line %1 in the editor</source>
        <translation>点击在编辑器中显示第 %1 行</translation>
    </message>
    <message>
        <source>created</source>
        <translation>创建于</translation>
    </message>
    <message>
        <source>last changed in place</source>
        <translation>最近一次原地修改</translation>
    </message>
    <message>
        <source>%1, v%2 → v%3</source>
        <translation>%1，v%2 → v%3</translation>
    </message>
    <message>
        <source>made stale by</source>
        <translation>导致过期的操作</translation>
    </message>
    <message>
        <source>selective checkpointing</source>
        <translation>选择性检查点</translation>
    </message>
    <message>
        <source>value at recompute</source>
        <translation>重计算时的值</translation>
    </message>
    <message>
        <source>value at forward</source>
        <translation>前向传播时的值</translation>
    </message>
    <message>
        <source>recompute matches forward</source>
        <translation>重计算与前向传播一致</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>no (preserve_rng_state=False: new random draws)</source>
        <translation>否（preserve_rng_state=False：重新抽取了随机数）</translation>
    </message>
    <message>
        <source>copied to the GPU over PCIe</source>
        <translation>经 PCIe 复制到 GPU</translation>
    </message>
    <message>
        <source>copied to host memory over PCIe</source>
        <translation>经 PCIe 复制到主机内存</translation>
    </message>
</context>
<context>
    <name>agv::ui::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>This script wants a GPU: use the simulated GPU</source>
        <translation>此脚本需要 GPU：使用模拟 GPU</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Demos</source>
        <translation>示例(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Recent Files</source>
        <translation>最近的文件(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Trace As…</source>
        <translation>轨迹另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save trace</source>
        <translation>保存轨迹</translation>
    </message>
    <message>
        <source>&amp;Export View (SVG/PNG)…</source>
        <translation>导出视图 (SVG/PNG)(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export Graph as &amp;DOT…</source>
        <translation>将计算图导出为 DOT(&amp;D)…</translation>
    </message>
    <message>
        <source>Export DOT</source>
        <translation>导出 DOT</translation>
    </message>
    <message>
        <source>Graphviz (*.dot *.gv)</source>
        <translation>Graphviz (*.dot *.gv)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run Script</source>
        <translation>运行脚本(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>Re-run &amp;While Typing</source>
        <translation>输入时自动重新运行(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Device</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Automatic: this machine&apos;s GPU</source>
        <translation>自动：本机的 GPU(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Automatic: CPU only (no GPU found, as PyTorch sees it)</source>
        <translation>自动：仅 CPU（PyTorch 未找到 GPU）(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Simulated GPU (4 GiB in host memory)</source>
        <translation>模拟 GPU（占用 4 GiB 主机内存）(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;CPU Only</source>
        <translation>仅 CPU(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Play / Pause</source>
        <translation>播放 / 暂停</translation>
    </message>
    <message>
        <source>Step Forward</source>
        <translation>前进一步</translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation>后退一步</translation>
    </message>
    <message>
        <source>Next Line</source>
        <translation>下一行</translation>
    </message>
    <message>
        <source>Previous Line</source>
        <translation>上一行</translation>
    </message>
    <message>
        <source>Next Backward Node</source>
        <translation>下一个反向传播节点</translation>
    </message>
    <message>
        <source>Previous Backward Node</source>
        <translation>上一个反向传播节点</translation>
    </message>
    <message>
        <source>Step Only to &amp;Visible Changes</source>
        <translation>只停在有可见变化的步(&amp;V)</translation>
    </message>
    <message>
        <source>Step Forward/Back pass over events that only change the memory chart</source>
        <translation>前进/后退一步时，跳过只改变内存图表的事件</translation>
    </message>
    <message>
        <source>Go to Start</source>
        <translation>转到开头</translation>
    </message>
    <message>
        <source>Go to End</source>
        <translation>转到结尾</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>减慢</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show &amp;Whole Graph</source>
        <translation>显示整个计算图(&amp;W)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Follow the Current Step</source>
        <translation>跟随当前步(&amp;F)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>When the whole graph would be too small to read, keep a readable zoom and move along with what each step does</source>
        <translation>当整个计算图小到难以看清时，保持可读的缩放比例，并随每一步的操作移动视图</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+Shift++</source>
        <translation>Ctrl+Shift++</translation>
    </message>
    <message>
        <source>Ctrl+Shift+=</source>
        <translation>Ctrl+Shift+=</translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation>缩小文字(&amp;M)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+-</source>
        <translation>Ctrl+Shift+-</translation>
    </message>
    <message>
        <source>&amp;Reset Text Size</source>
        <translation>重置文字大小(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find in Graph…</source>
        <translation>在计算图中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Start Page</source>
        <translation>起始页(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>About Autograd Visualizer</source>
        <translation>关于 Autograd Visualizer</translation>
    </message>
    <message>
        <source>&lt;b&gt;Autograd Visualizer&lt;/b&gt; %1&lt;p&gt;Records a PyTorch script run as a trace of autograd events and replays it as an animated graph.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Autograd Visualizer&lt;/b&gt; %1&lt;p&gt;将 PyTorch 脚本的一次运行记录为 autograd 事件轨迹，并以动画计算图的形式回放。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>正在运行 %1…</translation>
    </message>
    <message>
        <source>script</source>
        <translation>脚本</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Run cancelled after %n event(s)</source>
        <translation>
            <numerusform>运行在 %n 个事件后被取消</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s)</source>
        <translation>
            <numerusform>%1：%n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source> — ended with an error</source>
        <translation> — 以错误结束</translation>
    </message>
    <message numerus="yes">
        <source>Running %1… %n event(s) so far</source>
        <translation>
            <numerusform>正在运行 %1… 目前已有 %n 个事件</numerusform>
        </translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向传播</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>⟲ recompute of checkpoint %1</source>
        <translation>⟲ 检查点 %1 的重计算</translation>
    </message>
    <message>
        <source>backward() inside backward()</source>
        <translation>backward() 内部的 backward()</translation>
    </message>
    <message>
        <source>backward()</source>
        <translation>backward()</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>Press Space to play, → to step, Shift+→ to run a line</source>
        <translation>按空格键播放，按 → 单步执行，按 Shift+→ 执行一行</translation>
    </message>
    <message>
        <source>No autograd graph yet at this step</source>
        <translation>此步尚无 autograd 计算图</translation>
    </message>
    <message>
        <source>Before the first event: press Space to play or → to step.</source>
        <translation>第一个事件之前：按空格键播放，或按 → 单步执行。</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open trace</source>
        <translation>打开轨迹</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&lt;table cellpadding=3&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Space&lt;/b&gt;&lt;/td&gt;&lt;td&gt;play / pause&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;step forward / back one event&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous source line (inside backward: node by node)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous backward node&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Home / End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;start / end of the run&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;[ / ]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;slower / faster&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;run the script again&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;find a tensor, node or module in the graph (Enter: next, Shift+Enter: previous, Esc: close)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+0&lt;/b&gt;&lt;/td&gt;&lt;td&gt;show the whole graph (wheel zooms, drag pans)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;follow the current step on a big graph&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F11&lt;/b&gt;&lt;/td&gt;&lt;td&gt;presenter mode&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+Plus / Minus&lt;/b&gt;&lt;/td&gt;&lt;td&gt;larger / smaller text (kept per mode)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;export view as SVG / PNG&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Playback keys work when the graph has focus; the editor keeps them while you type.&lt;/p&gt;</source>
        <translation>&lt;table cellpadding=3&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Space&lt;/b&gt;&lt;/td&gt;&lt;td&gt;播放 / 暂停&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;前进 / 后退一个事件&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;下一行 / 上一行源代码（在反向传播中：逐个节点）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;下一个 / 上一个反向传播节点&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Home / End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;运行的开头 / 结尾&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;[ / ]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;减慢 / 加快&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;重新运行脚本&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;在计算图中查找张量、节点或模块（Enter：下一个，Shift+Enter：上一个，Esc：关闭）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+0&lt;/b&gt;&lt;/td&gt;&lt;td&gt;显示整个计算图（滚轮缩放，拖动平移）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;在大型计算图上跟随当前步&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F11&lt;/b&gt;&lt;/td&gt;&lt;td&gt;演示模式&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+Plus / Minus&lt;/b&gt;&lt;/td&gt;&lt;td&gt;放大 / 缩小文字（每种模式分别保存）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;将视图导出为 SVG / PNG&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;播放快捷键在计算图获得焦点时生效；输入代码时，编辑器会保留这些按键。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Autograd Visualizer</source>
        <translation>Autograd Visualizer</translation>
    </message>
    <message>
        <source>%1 — Autograd Visualizer</source>
        <translation>%1 — Autograd Visualizer</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>[%1 MB of earlier output not shown]
</source>
        <translation>[未显示之前的 %1 MB 输出]
</translation>
    </message>
    <message>
        <source>&amp;Predict, Then Reveal</source>
        <translation>先预测，再揭晓(&amp;P)</translation>
    </message>
    <message>
        <source>Play stops before each backward() fills the gradients and before an error, so the class can predict the answer; Play or Step Forward reveals it</source>
        <translation>在每次 backward() 填入梯度之前以及出错之前暂停播放，让全班先预测答案；按播放或前进一步即可揭晓</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; the next step ends this run with an error. Which one, raised where, and why? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;先预测：&lt;/b&gt;下一步将以错误结束本次运行。是什么错误？在哪里抛出？为什么？按空格键或 → 揭晓。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; backward() is about to run. Which gradients will it compute? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;先预测：&lt;/b&gt;backward() 即将运行。它会计算哪些梯度？按空格键或 → 揭晓。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; backward() is about to run. What will %1 be? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;先预测：&lt;/b&gt;backward() 即将运行。%1 会是多少？按空格键或 → 揭晓。</translation>
    </message>
    <message>
        <source>&amp;Backward Graph (grad_fn Nodes)</source>
        <translation>反向图（grad_fn 节点）(&amp;B)</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 / 2 / 3&lt;/b&gt;&lt;/td&gt;&lt;td&gt;backward graph / forward graph / both side by side&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 / 2 / 3&lt;/b&gt;&lt;/td&gt;&lt;td&gt;反向图 / 前向图 / 两张图并排&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Forward Graph (&amp;Tensors and Ops)</source>
        <translation>前向图（张量与运算）(&amp;T)</translation>
    </message>
    <message>
        <source>Both Grap&amp;hs Side by Side</source>
        <translation>两张图并排(&amp;H)</translation>
    </message>
    <message>
        <source>Pin a &amp;Note…</source>
        <translation>钉上批注(&amp;N)…</translation>
    </message>
    <message>
        <source>Remove the Selected Note</source>
        <translation>删除选中的批注</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Note:&lt;/b&gt; &lt;i&gt;%1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;批注：&lt;/b&gt;&lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Pin a Note</source>
        <translation>钉上批注</translation>
    </message>
    <message>
        <source>A note on this node, shown from step %1 on and saved with the trace:</source>
        <translation>此节点的批注：从第 %1 步起显示，并随轨迹一起保存：</translation>
    </message>
    <message>
        <source>A note on step %1, shown from there on and saved with the trace:</source>
        <translation>第 %1 步的批注：从该步起显示，并随轨迹一起保存：</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>打开轨迹(&amp;T)…</translation>
    </message>
    <message>
        <source>Autograd trace (*.agvtrace);;JSON lines (*.jsonl)</source>
        <translation>Autograd 轨迹 (*.agvtrace);;JSON 行 (*.jsonl)</translation>
    </message>
    <message>
        <source>No interpreter is connected to this build: open a recorded trace (.agvtrace, .jsonl) to play it.</source>
        <translation>此版本未连接解释器：请打开一个录制好的轨迹（.agvtrace、.jsonl）来播放。</translation>
    </message>
    <message>
        <source>PyTorch scripts (*.py);;Traces (*.agvtrace *.jsonl);;All files (*)</source>
        <translation>PyTorch 脚本 (*.py);;轨迹 (*.agvtrace *.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Traces (*.agvtrace *.jsonl)</source>
        <translation>轨迹 (*.agvtrace *.jsonl)</translation>
    </message>
    <message>
        <source>Com&amp;pare Runs…</source>
        <translation>比较运行(&amp;P)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;compare runs: as written, checkpointing off and each checkpoint_sequential segment count&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;比较运行：按原样、关闭检查点，以及 checkpoint_sequential 的每个分段数&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Compare Runs: showing the run “%1”</source>
        <translation>比较运行：显示运行“%1”</translation>
    </message>
    <message>
        <source>&amp;Collapse Module</source>
        <translation>折叠模块(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Draws the nn.Module call holding the selected node as one box</source>
        <translation>把包含所选节点的 nn.Module 调用画成一个方框</translation>
    </message>
    <message>
        <source>E&amp;xpand Box</source>
        <translation>展开方框(&amp;X)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Shows the nodes of the selected module call or group of repeats</source>
        <translation>显示所选模块调用或重复组中的节点</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C / E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;collapse the module call holding the selected node into one box / expand the selected box (or click a module&apos;s title, double-click a box)&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C / E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;把包含所选节点的模块调用折叠成一个方框 / 展开所选方框（也可单击模块标题、双击方框）&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Simulated GPU&apos;s &amp;PCIe Link</source>
        <translation>模拟 GPU 的 PCIe 链路(&amp;P)</translation>
    </message>
    <message>
        <source>PCIe 3.0 x4, an external GPU (3 GB/s)</source>
        <translation>PCIe 3.0 x4，外接 GPU（3 GB/s）</translation>
    </message>
    <message>
        <source>PCIe 3.0 x16 (12 GB/s)</source>
        <translation>PCIe 3.0 x16（12 GB/s）</translation>
    </message>
    <message>
        <source>PCIe 4.0 x16 (25 GB/s)</source>
        <translation>PCIe 4.0 x16（25 GB/s）</translation>
    </message>
    <message>
        <source>PCIe 5.0 x16 (50 GB/s)</source>
        <translation>PCIe 5.0 x16（50 GB/s）</translation>
    </message>
</context>
<context>
    <name>agv::ui::MemoryChart</name>
    <message>
        <source>No memory events yet</source>
        <translation>尚无内存事件</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>saved activations</source>
        <translation>保存的激活值</translation>
    </message>
    <message>
        <source>held by pack hooks</source>
        <translation>由 pack 钩子持有</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 (simulated GPU)</source>
        <translation>%1（模拟 GPU）</translation>
    </message>
    <message>
        <source>%1: %2 now, peak so far %3, peak of the run %4 at step %5</source>
        <translation>%1：当前 %2，迄今峰值 %3，整次运行峰值 %4（第 %5 步）</translation>
    </message>
    <message>
        <source>PCIe link to the simulated GPU, modelled at %1: to the GPU %2; to host memory %3</source>
        <translation>到模拟 GPU 的 PCIe 链路，按 %1 建模：到 GPU %2；到主机内存 %3</translation>
    </message>
    <message>
        <source>to GPU</source>
        <translation>到 GPU</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>到主机</translation>
    </message>
    <message>
        <source>%1 (pinned host memory)</source>
        <translation>%1（锁页主机内存）</translation>
    </message>
    <message>
        <source>Step %1: %2 copied from %3 to %4, %5 modelled at %6 (%7)</source>
        <translation>第 %1 步：%2 从 %3 复制到 %4，按 %6 建模耗时 %5（%7）</translation>
    </message>
    <message numerus="yes">
        <source>Make this panel taller to see the memory of %n device(s)</source>
        <translation>
            <numerusform>请把此面板拉高，以查看 %n 个设备的内存</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>agv::ui::MemoryOverlayChart</name>
    <message>
        <source>Choose two finished runs to compare their memory</source>
        <translation>选择两次已完成的运行来比较它们的内存</translation>
    </message>
    <message>
        <source>Allocated, all devices</source>
        <translation>已分配，所有设备</translation>
    </message>
    <message>
        <source>Held for backward (saved activations)</source>
        <translation>为反向传播保留（保存的激活值）</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
</context>
<context>
    <name>agv::ui::OffloadedTensorItem</name>
    <message>
        <source>%1 (%2) back on its device</source>
        <translation>%1（%2）已回到原设备</translation>
    </message>
    <message>
        <source>%1 (%2) on %3</source>
        <translation>%1（%2）位于 %3</translation>
    </message>
    <message>
        <source>%1 (%2) released</source>
        <translation>%1（%2）已释放</translation>
    </message>
    <message>
        <source>Packed by %1(): this saved tensor waits in host memory until backward needs it</source>
        <translation>由 %1() 打包：这个保存的张量在主机内存中等待，直到反向传播需要它</translation>
    </message>
</context>
<context>
    <name>agv::ui::SavedBadgeItem</name>
    <message>
        <source>Saved for backward as &lt;b&gt;%1&lt;/b&gt; at version %2&lt;br&gt;Tensor is now at version %3%4</source>
        <translation>为反向传播保存为 &lt;b&gt;%1&lt;/b&gt;，保存时版本为 %2&lt;br&gt;张量当前版本为 %3%4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;released after backward&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;反向传播后已释放&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;modified in place after saving&lt;/b&gt;: a saved-tensor hook holds it, so PyTorch does not check its version and backward will use whatever unpack returns</source>
        <translation>&lt;br&gt;&lt;b&gt;保存后被原地修改&lt;/b&gt;：它由保存张量钩子持有，因此 PyTorch 不检查它的版本，反向传播将使用 unpack 返回的任何内容</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;stale&lt;/b&gt;: modified in place after saving</source>
        <translation>&lt;br&gt;&lt;b&gt;已过期&lt;/b&gt;：保存后被原地修改</translation>
    </message>
    <message>
        <source>&lt;br&gt;held by a saved-tensor hook: %1</source>
        <translation>&lt;br&gt;由保存张量钩子持有：%1</translation>
    </message>
    <message>
        <source>, by %1</source>
        <translation>，由 %1 造成</translation>
    </message>
</context>
<context>
    <name>agv::ui::Scrubber</name>
    <message>
        <source>Drag to scrub. Markers: blue = backward(), amber = in-place version bump, red = error</source>
        <translation>拖动以快速定位。标记：蓝色 = backward()，琥珀色 = 原地操作使版本递增，红色 = 错误</translation>
    </message>
</context>
<context>
    <name>agv::ui::StartPage</name>
    <message>
        <source>Autograd Visualizer</source>
        <translation>Autograd Visualizer</translation>
    </message>
    <message>
        <source>Run a PyTorch script, then replay it: watch the graph being built during the forward pass, the tensors each node saves, and the gradients flowing back.</source>
        <translation>运行一个 PyTorch 脚本，然后回放：观察计算图如何在前向传播中构建、每个节点保存了哪些张量，以及梯度如何反向流动。</translation>
    </message>
    <message>
        <source>Open script…</source>
        <translation>打开脚本…</translation>
    </message>
    <message>
        <source>Demos</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>No demos installed. Open any PyTorch script, or drop a .py file here.</source>
        <translation>未安装任何示例。打开任意 PyTorch 脚本，或把 .py 文件拖放到这里。</translation>
    </message>
    <message>
        <source>wants a GPU (the simulated one will do)</source>
        <translation>需要 GPU（模拟 GPU 也可以）</translation>
    </message>
    <message>
        <source>Watch: %1</source>
        <translation>观察要点：%1</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近打开</translation>
    </message>
    <message>
        <source>Open trace…</source>
        <translation>打开轨迹…</translation>
    </message>
</context>
<context>
    <name>agv::ui::TradeoffChart</name>
    <message>
        <source>Recomputed operations (extra forward work) →</source>
        <translation>重计算的操作（额外前向工作）→</translation>
    </message>
    <message>
        <source>Peak saved-activation bytes →</source>
        <translation>保存激活值的峰值字节数 →</translation>
    </message>
    <message>
        <source>The runs appear here as they finish</source>
        <translation>运行完成后会显示在这里</translation>
    </message>
    <message>
        <source>best trade-offs: nothing keeps less for as little work</source>
        <translation>最佳权衡：没有别的配置能以同样少的工作保留更少</translation>
    </message>
    <message>
        <source>%1
%2 saved at the peak, %3 operations recomputed
Click to open this run</source>
        <translation>%1
峰值时保存 %2，重计算 %3 个操作
点击打开这次运行</translation>
    </message>
</context>
<context>
    <name>agv::ui::TransportBar</name>
    <message>
        <source>Go to start (Home)</source>
        <translation>转到开头 (Home)</translation>
    </message>
    <message>
        <source>Previous backward node (Ctrl+Left)</source>
        <translation>上一个反向传播节点 (Ctrl+Left)</translation>
    </message>
    <message>
        <source>Previous source line (Shift+Left)</source>
        <translation>上一行源代码 (Shift+Left)</translation>
    </message>
    <message>
        <source>Step back one event (Left)</source>
        <translation>后退一个事件 (Left)</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>播放 / 暂停 (Space)</translation>
    </message>
    <message>
        <source>Step forward one event (Right)</source>
        <translation>前进一个事件 (Right)</translation>
    </message>
    <message>
        <source>Next source line (Shift+Right)</source>
        <translation>下一行源代码 (Shift+Right)</translation>
    </message>
    <message>
        <source>Next backward node (Ctrl+Right)</source>
        <translation>下一个反向传播节点 (Ctrl+Right)</translation>
    </message>
    <message>
        <source>Go to end (End)</source>
        <translation>转到结尾 (End)</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <source> · line %1</source>
        <translation> · 第 %1 行</translation>
    </message>
</context>
</TS>
