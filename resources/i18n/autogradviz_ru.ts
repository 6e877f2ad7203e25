<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>DeviceCopyText</name>
    <message>
        <source>%1 ns</source>
        <translation>%1 нс</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 мкс</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 ГБ/с</translation>
    </message>
    <message numerus="yes">
        <source>%n copies, %1, %2 modelled</source>
        <translation>
            <numerusform>%n копирование, %1, %2 по модели</numerusform>
            <numerusform>%n копирования, %1, %2 по модели</numerusform>
            <numerusform>%n копирований, %1, %2 по модели</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (simulated GPU)</source>
        <translation>%1 (симулированный GPU)</translation>
    </message>
    <message>
        <source>%1 (pinned)</source>
        <translation>%1 (закреплённая)</translation>
    </message>
    <message>
        <source>pinned host memory: the link&apos;s full rate</source>
        <translation>закреплённая память хоста: полная скорость шины</translation>
    </message>
    <message>
        <source>pageable host memory: half the link&apos;s rate</source>
        <translation>страничная память хоста: половина скорости шины</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>A saved tensor was modified in place</source>
        <translation>Сохранённый тензор был изменён на месте (in-place)</translation>
    </message>
    <message>
        <source>A backward node saved a tensor during the forward pass because its gradient formula needs that value. Afterwards an in-place operation (&lt;code&gt;x += 1&lt;/code&gt;, &lt;code&gt;x.add_()&lt;/code&gt;, &lt;code&gt;x[0] = ...&lt;/code&gt;, &lt;code&gt;relu_&lt;/code&gt;...) changed the tensor and bumped its version counter. When backward reached the node, the saved version no longer matched, so the gradient would have been computed from the wrong numbers.</source>
        <translation>Во время прямого прохода узел обратного прохода сохранил тензор, потому что этому узлу нужно это значение для формулы градиента. Затем операция на месте (&lt;code&gt;x += 1&lt;/code&gt;, &lt;code&gt;x.add_()&lt;/code&gt;, &lt;code&gt;x[0] = ...&lt;/code&gt;, &lt;code&gt;relu_&lt;/code&gt;...) изменила тензор и увеличила его счётчик версий. Когда обратный проход дошёл до узла, сохранённая версия уже не совпадала, и градиент был бы вычислен по неверным числам.</translation>
    </message>
    <message>
        <source>Use the out-of-place op: &lt;code&gt;x = x + 1&lt;/code&gt; instead of &lt;code&gt;x += 1&lt;/code&gt;.</source>
        <translation>Используйте операцию, создающую новый тензор: &lt;code&gt;x = x + 1&lt;/code&gt; вместо &lt;code&gt;x += 1&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Or &lt;code&gt;clone()&lt;/code&gt; before the in-place op, so the saved tensor stays untouched.</source>
        <translation>Или вызовите &lt;code&gt;clone()&lt;/code&gt; перед операцией на месте, чтобы сохранённый тензор остался нетронутым.</translation>
    </message>
    <message>
        <source>Or move the in-place change after &lt;code&gt;backward()&lt;/code&gt;.</source>
        <translation>Или перенесите изменение на месте после &lt;code&gt;backward()&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Turn on &lt;code&gt;torch.autograd.set_detect_anomaly(True)&lt;/code&gt; to see the forward line that created the failing node (shown below when available).</source>
        <translation>Включите &lt;code&gt;torch.autograd.set_detect_anomaly(True)&lt;/code&gt;, чтобы увидеть строку прямого прохода, создавшую узел с ошибкой (она показана ниже, если доступна).</translation>
    </message>
    <message>
        <source>Backward through the same graph twice</source>
        <translation>Повторный обратный проход через тот же граф</translation>
    </message>
    <message>
        <source>To save memory, &lt;code&gt;backward()&lt;/code&gt; frees the tensors each node saved as soon as the node has run. A second &lt;code&gt;backward()&lt;/code&gt; (or &lt;code&gt;torch.autograd.grad&lt;/code&gt;) over the same graph finds them gone.</source>
        <translation>Чтобы сэкономить память, &lt;code&gt;backward()&lt;/code&gt; освобождает сохранённые узлом тензоры сразу после того, как узел выполнился. Второй вызов &lt;code&gt;backward()&lt;/code&gt; (или &lt;code&gt;torch.autograd.grad&lt;/code&gt;) по тому же графу их уже не находит.</translation>
    </message>
    <message>
        <source>Pass &lt;code&gt;retain_graph=True&lt;/code&gt; to the first &lt;code&gt;backward()&lt;/code&gt; if you really need two passes.</source>
        <translation>Передайте &lt;code&gt;retain_graph=True&lt;/code&gt; в первый &lt;code&gt;backward()&lt;/code&gt;, если вам действительно нужны два прохода.</translation>
    </message>
    <message>
        <source>Usually better: run the forward pass again before each backward.</source>
        <translation>Обычно лучше: перед каждым обратным проходом заново выполнять прямой проход.</translation>
    </message>
    <message>
        <source>In loops, &lt;code&gt;detach()&lt;/code&gt; tensors carried across iterations (e.g. an RNN hidden state).</source>
        <translation>В циклах вызывайте &lt;code&gt;detach()&lt;/code&gt; для тензоров, переходящих из итерации в итерацию (например, для скрытого состояния RNN).</translation>
    </message>
    <message>
        <source>In-place change of a leaf that requires grad</source>
        <translation>Изменение на месте листового тензора, требующего градиента</translation>
    </message>
    <message>
        <source>A leaf tensor with &lt;code&gt;requires_grad=True&lt;/code&gt; is a parameter autograd tracks. Changing it in place while grad mode is on would make the recorded graph inconsistent, so PyTorch refuses.</source>
        <translation>Листовой тензор с &lt;code&gt;requires_grad=True&lt;/code&gt; — это параметр, который отслеживает autograd. Если изменить его на месте при включённом вычислении градиентов, записанный граф станет несогласованным, поэтому PyTorch запрещает это.</translation>
    </message>
    <message>
        <source>Update parameters inside &lt;code&gt;with torch.no_grad():&lt;/code&gt; (this is what optimizers do).</source>
        <translation>Обновляйте параметры внутри &lt;code&gt;with torch.no_grad():&lt;/code&gt; (так делают оптимизаторы).</translation>
    </message>
    <message>
        <source>Or edit &lt;code&gt;param.data&lt;/code&gt;, which autograd does not track.</source>
        <translation>Или изменяйте &lt;code&gt;param.data&lt;/code&gt;: autograd его не отслеживает.</translation>
    </message>
    <message>
        <source>Or create a new tensor with an out-of-place op.</source>
        <translation>Или создайте новый тензор обычной операцией (не на месте).</translation>
    </message>
    <message>
        <source>A view of a leaf was modified in place</source>
        <translation>Представление (view) листа было изменено на месте</translation>
    </message>
    <message>
        <source>The tensor is a view of a leaf that requires grad; modifying the view in place would rewrite the leaf&apos;s history.</source>
        <translation>Этот тензор — представление (view) листа, требующего градиента; изменение представления на месте переписало бы историю листа.</translation>
    </message>
    <message>
        <source>Wrap the change in &lt;code&gt;torch.no_grad()&lt;/code&gt;, or clone the leaf first.</source>
        <translation>Оберните изменение в &lt;code&gt;torch.no_grad()&lt;/code&gt; или сначала клонируйте лист.</translation>
    </message>
    <message>
        <source>Nothing to differentiate</source>
        <translation>Нечего дифференцировать</translation>
    </message>
    <message>
        <source>The tensor you called &lt;code&gt;backward()&lt;/code&gt; on has no &lt;code&gt;grad_fn&lt;/code&gt;: no tensor that requires grad took part in computing it, so there is no graph.</source>
        <translation>У тензора, для которого вы вызвали &lt;code&gt;backward()&lt;/code&gt;, нет &lt;code&gt;grad_fn&lt;/code&gt;: в его вычислении не участвовал ни один тензор, требующий градиента, поэтому графа нет.</translation>
    </message>
    <message>
        <source>Set &lt;code&gt;requires_grad=True&lt;/code&gt; on the parameters before the forward pass.</source>
        <translation>Задайте &lt;code&gt;requires_grad=True&lt;/code&gt; для параметров до прямого прохода.</translation>
    </message>
    <message>
        <source>Remove &lt;code&gt;torch.no_grad()&lt;/code&gt;, &lt;code&gt;detach()&lt;/code&gt; or &lt;code&gt;.item()&lt;/code&gt; around the forward.</source>
        <translation>Уберите &lt;code&gt;torch.no_grad()&lt;/code&gt;, &lt;code&gt;detach()&lt;/code&gt; или &lt;code&gt;.item()&lt;/code&gt; вокруг прямого прохода.</translation>
    </message>
    <message>
        <source>Check the inspector: &lt;code&gt;requires_grad&lt;/code&gt; and &lt;code&gt;grad_fn&lt;/code&gt; of the loss.</source>
        <translation>Посмотрите в инспекторе &lt;code&gt;requires_grad&lt;/code&gt; и &lt;code&gt;grad_fn&lt;/code&gt; у функции потерь (loss).</translation>
    </message>
    <message>
        <source>backward() on a non-scalar</source>
        <translation>backward() для нескалярного тензора</translation>
    </message>
    <message>
        <source>&lt;code&gt;backward()&lt;/code&gt; without arguments starts from a gradient of 1, which only makes sense for a single number. For a tensor with many elements PyTorch needs to know the gradient flowing into each element.</source>
        <translation>&lt;code&gt;backward()&lt;/code&gt; без аргументов начинает с градиента 1, а это имеет смысл только для одного числа. Для тензора из многих элементов PyTorch должен знать, какой градиент приходит в каждый элемент.</translation>
    </message>
    <message>
        <source>Reduce first: &lt;code&gt;loss = y.sum()&lt;/code&gt; or &lt;code&gt;y.mean()&lt;/code&gt;.</source>
        <translation>Сначала сведите тензор к числу: &lt;code&gt;loss = y.sum()&lt;/code&gt; или &lt;code&gt;y.mean()&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Or pass it explicitly: &lt;code&gt;y.backward(torch.ones_like(y))&lt;/code&gt;.</source>
        <translation>Или передайте градиент явно: &lt;code&gt;y.backward(torch.ones_like(y))&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Shapes do not match</source>
        <translation>Формы не совпадают</translation>
    </message>
    <message>
        <source>An operation received tensors whose shapes cannot be combined (or a gradient had the wrong shape).</source>
        <translation>Операция получила тензоры, формы которых нельзя совместить (или градиент имел неправильную форму).</translation>
    </message>
    <message>
        <source>Print &lt;code&gt;x.shape&lt;/code&gt; of both operands just before the failing line.</source>
        <translation>Выведите &lt;code&gt;x.shape&lt;/code&gt; обоих операндов прямо перед строкой с ошибкой.</translation>
    </message>
    <message>
        <source>Check broadcasting rules; use &lt;code&gt;unsqueeze&lt;/code&gt;/&lt;code&gt;reshape&lt;/code&gt; deliberately.</source>
        <translation>Проверьте правила трансляции форм (broadcasting); используйте &lt;code&gt;unsqueeze&lt;/code&gt;/&lt;code&gt;reshape&lt;/code&gt; осознанно.</translation>
    </message>
    <message>
        <source>Inference tensor saved for backward</source>
        <translation>Тензор из inference_mode сохраняется для обратного прохода</translation>
    </message>
    <message>
        <source>Tensors created under &lt;code&gt;torch.inference_mode()&lt;/code&gt; carry no version counter, so autograd cannot check them later and refuses to save them.</source>
        <translation>У тензоров, созданных внутри &lt;code&gt;torch.inference_mode()&lt;/code&gt;, нет счётчика версий, поэтому autograd не сможет проверить их позже и отказывается их сохранять.</translation>
    </message>
    <message>
        <source>Create the tensor outside &lt;code&gt;inference_mode()&lt;/code&gt;, or &lt;code&gt;clone()&lt;/code&gt; it outside.</source>
        <translation>Создайте тензор вне &lt;code&gt;inference_mode()&lt;/code&gt; или сделайте его &lt;code&gt;clone()&lt;/code&gt; вне этого режима.</translation>
    </message>
    <message>
        <source>Use &lt;code&gt;torch.no_grad()&lt;/code&gt; instead when the result may be used with autograd later.</source>
        <translation>Используйте вместо этого &lt;code&gt;torch.no_grad()&lt;/code&gt;, если результат позже может понадобиться для autograd.</translation>
    </message>
    <message>
        <source>NaN in a gradient</source>
        <translation>NaN в градиенте</translation>
    </message>
    <message>
        <source>Anomaly mode checks every backward output and stopped at the first NaN. The forward trace below shows the line that created the node producing it.</source>
        <translation>Режим обнаружения аномалий проверяет каждый выход обратного прохода и остановился на первом NaN. Трасса прямого прохода ниже показывает строку, создавшую узел, который выдал этот NaN.</translation>
    </message>
    <message>
        <source>Look for &lt;code&gt;log(0)&lt;/code&gt;, &lt;code&gt;sqrt&lt;/code&gt; of negatives, &lt;code&gt;0/0&lt;/code&gt; or overflowing &lt;code&gt;exp&lt;/code&gt;.</source>
        <translation>Ищите &lt;code&gt;log(0)&lt;/code&gt;, &lt;code&gt;sqrt&lt;/code&gt; от отрицательных чисел, &lt;code&gt;0/0&lt;/code&gt; или переполнение в &lt;code&gt;exp&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Add a small epsilon: &lt;code&gt;torch.log(x + 1e-8)&lt;/code&gt;; clamp inputs.</source>
        <translation>Добавьте малый эпсилон: &lt;code&gt;torch.log(x + 1e-8)&lt;/code&gt;; ограничьте входные значения (clamp).</translation>
    </message>
    <message>
        <source>Lower the learning rate or normalise inputs.</source>
        <translation>Уменьшите скорость обучения или нормализуйте входные данные.</translation>
    </message>
    <message>
        <source>Out of device memory</source>
        <translation>Не хватает памяти устройства</translation>
    </message>
    <message>
        <source>The tensors kept alive (parameters, activations saved for backward, gradients) no longer fit in the device&apos;s memory. The memory chart shows where the peak comes from.</source>
        <translation>Тензоры, которые остаются в памяти (параметры, активации, сохранённые для обратного прохода, градиенты), больше не помещаются в память устройства. График памяти показывает, откуда берётся пик.</translation>
    </message>
    <message>
        <source>Recompute instead of storing: &lt;code&gt;torch.utils.checkpoint&lt;/code&gt;.</source>
        <translation>Вычисляйте повторно вместо хранения: &lt;code&gt;torch.utils.checkpoint&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Offload saved tensors: &lt;code&gt;torch.autograd.graph.save_on_cpu()&lt;/code&gt;.</source>
        <translation>Выгружайте сохранённые тензоры в память хоста: &lt;code&gt;torch.autograd.graph.save_on_cpu()&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Use a smaller batch; evaluate under &lt;code&gt;torch.no_grad()&lt;/code&gt;; &lt;code&gt;del&lt;/code&gt; what you no longer need.</source>
        <translation>Уменьшите размер батча; выполняйте оценку внутри &lt;code&gt;torch.no_grad()&lt;/code&gt;; удаляйте через &lt;code&gt;del&lt;/code&gt; то, что больше не нужно.</translation>
    </message>
    <message>
        <source>Python error in the script</source>
        <translation>Ошибка Python в скрипте</translation>
    </message>
    <message>
        <source>The script itself raised an exception; the traceback points at the line.</source>
        <translation>Сам скрипт выбросил исключение; трассировка стека (traceback) указывает на строку.</translation>
    </message>
    <message>
        <source>Read the last line of the traceback: it names the problem.</source>
        <translation>Прочитайте последнюю строку трассировки: в ней названа проблема.</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>The run stopped with an error.</source>
        <translation>Запуск остановлен из-за ошибки.</translation>
    </message>
    <message>
        <source>Read PyTorch&apos;s message above; step back to see the state before the error.</source>
        <translation>Прочитайте сообщение PyTorch выше; вернитесь на шаг назад, чтобы увидеть состояние перед ошибкой.</translation>
    </message>
</context>
<context>
    <name>SacText</name>
    <message>
        <source>from cache</source>
        <translation>из кэша</translation>
    </message>
    <message>
        <source>recomputed</source>
        <translation>пересчитано</translation>
    </message>
    <message>
        <source>Selective checkpointing (%1): the output is kept for the recompute, which will not run this op again.</source>
        <translation>Выборочные контрольные точки (%1): выход сохраняется для повторного вычисления, которое не будет снова выполнять эту операцию.</translation>
    </message>
    <message>
        <source>Selective checkpointing (%1): the output is not kept; the recompute runs this op again.</source>
        <translation>Выборочные контрольные точки (%1): выход не сохраняется; повторное вычисление снова выполнит эту операцию.</translation>
    </message>
    <message>
        <source>Recompute (%1): the output kept at forward was used; the op did not run again.</source>
        <translation>Повторное вычисление (%1): использован выход, сохранённый при прямом проходе; операция не выполнялась снова.</translation>
    </message>
    <message>
        <source>Recompute (%1): this op ran again.</source>
        <translation>Повторное вычисление (%1): эта операция выполнена снова.</translation>
    </message>
</context>
<context>
    <name>StepNarration</name>
    <message>
        <source>a tensor</source>
        <translation>тензор</translation>
    </message>
    <message>
        <source>a %1 tensor</source>
        <translation>тензор %1</translation>
    </message>
    <message>
        <source>a backward node</source>
        <translation>узел обратного прохода</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 и %2</translation>
    </message>
    <message>
        <source>a saved tensor</source>
        <translation>сохранённый тензор</translation>
    </message>
    <message>
        <source>Line %1 runs.</source>
        <translation>Выполняется строка %1.</translation>
    </message>
    <message>
        <source>Line %1 runs: %2</source>
        <translation>Выполняется строка %1: %2</translation>
    </message>
    <message>
        <source>The op creates a new %1 tensor whose grad_fn is %2: backward can go through it to the inputs that require grad.</source>
        <translation>Операция создаёт новый тензор %1 с grad_fn %2: через него обратный проход сможет дойти до входов, требующих градиента.</translation>
    </message>
    <message>
        <source>A leaf tensor %1 %2 is created with requires_grad=True: backward will add its gradient to .grad.</source>
        <translation>Создаётся листовой тензор %1 %2 с requires_grad=True: обратный проход прибавит его градиент к .grad.</translation>
    </message>
    <message>
        <source>A %1 tensor is created that does not require grad: autograd does not track it.</source>
        <translation>Создаётся тензор %1, не требующий градиента: autograd его не отслеживает.</translation>
    </message>
    <message>
        <source>It is a view of %1 and shares its version counter.</source>
        <translation>Это представление (view): его базовый тензор — %1, счётчик версий у них общий.</translation>
    </message>
    <message>
        <source>The name %1 now refers to this %2 tensor.</source>
        <translation>Имя %1 теперь указывает на этот тензор %2.</translation>
    </message>
    <message>
        <source>%1 is created for a leaf: in backward it adds the incoming gradient to the leaf&apos;s .grad.</source>
        <translation>Для листа создаётся %1: при обратном проходе он прибавляет входящий градиент к .grad этого листа.</translation>
    </message>
    <message>
        <source>%1 is created for the leaf %2: in backward it adds the incoming gradient to %3.</source>
        <translation>Для листа %2 создаётся %1: при обратном проходе он прибавляет входящий градиент к %3.</translation>
    </message>
    <message>
        <source>Recompute: the checkpointed forward runs again and records %1 again.</source>
        <translation>Повторное вычисление: прямой проход внутри контрольной точки выполняется снова и ещё раз записывает %1.</translation>
    </message>
    <message>
        <source>create_graph=True: the backward&apos;s own ops are recorded too, so %1 joins the graph of the gradient, for a later backward to differentiate.</source>
        <translation>create_graph=True: операции самого обратного прохода тоже записываются, поэтому %1 входит в граф градиента, который продифференцирует следующий обратный проход.</translation>
    </message>
    <message>
        <source>The forward op records %1 in the graph.</source>
        <translation>Операция прямого прохода записывает в граф %1.</translation>
    </message>
    <message>
        <source>None of its inputs requires grad.</source>
        <translation>Ни один из её входов не требует градиента.</translation>
    </message>
    <message>
        <source>In backward it will send gradients to %1.</source>
        <translation>При обратном проходе этот узел передаст градиенты в %1.</translation>
    </message>
    <message>
        <source>%1 saves its own output as %2 (version %3) for backward.</source>
        <translation>%1 сохраняет свой собственный выход как %2 (версия %3) для обратного прохода.</translation>
    </message>
    <message>
        <source>%1 saves %2 as %3 (version %4) for backward.</source>
        <translation>%1 сохраняет %2 как %3 (версия %4) для обратного прохода.</translation>
    </message>
    <message>
        <source>%1 changes %2 in place: its version goes from %3 to %4.</source>
        <translation>%1 изменяет %2 на месте: его версия меняется с %3 на %4.</translation>
    </message>
    <message>
        <source>%1 saved it at an older version: backward through it will fail.</source>
        <translation>В %1 он сохранён в старой версии: обратный проход через этот узел завершится ошибкой.</translation>
    </message>
    <message>
        <source>The in-place op rewrites the history of %1: its grad_fn is now %2.</source>
        <translation>%1: операция на месте переписывает его историю, теперь его grad_fn — %2.</translation>
    </message>
    <message>
        <source>The pack hook %1 takes the saved %2 of %3</source>
        <translation>Хук упаковки %1 забирает сохранённый %2 узла %3</translation>
    </message>
    <message>
        <source> and moves it from %1 to %2 (%3)</source>
        <translation> и переносит его с %1 на %2 (%3)</translation>
    </message>
    <message>
        <source>Backward needs the saved %1 of %2: the unpack hook %3 brings it back</source>
        <translation>Обратному проходу нужен сохранённый %1 узла %2: хук распаковки %3 возвращает его</translation>
    </message>
    <message>
        <source> from %1 to %2</source>
        <translation> с %1 на %2</translation>
    </message>
    <message>
        <source>backward() runs inside backward(), starting at %1.</source>
        <translation>backward() запускается внутри backward(), начиная с %1.</translation>
    </message>
    <message>
        <source>backward() starts at %1 with grad_output 1: the gradient of the output with respect to itself.</source>
        <translation>backward() начинается с %1, grad_output равен 1: это градиент выхода по самому себе.</translation>
    </message>
    <message>
        <source>retain_graph=True keeps the saved tensors for another backward.</source>
        <translation>retain_graph=True оставляет сохранённые тензоры для ещё одного обратного прохода.</translation>
    </message>
    <message>
        <source>backward() is done: the leaves&apos; .grad hold the gradients.</source>
        <translation>backward() завершён: градиенты лежат в .grad листьев.</translation>
    </message>
    <message>
        <source>backward() stopped with an error.</source>
        <translation>backward() остановлен из-за ошибки.</translation>
    </message>
    <message>
        <source>no gradient (None)</source>
        <translation>нет градиента (None)</translation>
    </message>
    <message>
        <source>%1 receives %2 for the leaf %3.</source>
        <translation>%1 получает %2 для листа %3.</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 в %2</translation>
    </message>
    <message>
        <source>%1 receives grad_output %2</source>
        <translation>%1 получает grad_output %2</translation>
    </message>
    <message>
        <source>the saved %1</source>
        <translation>сохранённый %1</translation>
    </message>
    <message>
        <source>the saved %1 (%2)</source>
        <translation>сохранённый %1 (%2)</translation>
    </message>
    <message>
        <source>and sends grad_input %1.</source>
        <translation>а затем передаёт grad_input %1.</translation>
    </message>
    <message>
        <source>the leaf</source>
        <translation>лист</translation>
    </message>
    <message>
        <source>%1 is now None.</source>
        <translation>%1 теперь None.</translation>
    </message>
    <message>
        <source>%1 is now %2.</source>
        <translation>%1 теперь равен %2.</translation>
    </message>
    <message>
        <source>retain_grad(): %1 will keep its .grad although it is not a leaf.</source>
        <translation>retain_grad(): %1 сохранит свой .grad, хотя это не лист.</translation>
    </message>
    <message>
        <source>retain_grad stores the gradient arriving at %1 in %2.grad.</source>
        <translation>retain_grad сохраняет градиент, пришедший в %1, в %2.grad.</translation>
    </message>
    <message>
        <source>A hook is registered on %1: it will see the gradient of %1 in backward.</source>
        <translation>На %1 зарегистрирован хук: при обратном проходе он увидит градиент %1.</translation>
    </message>
    <message>
        <source>The hook on %1 runs with the gradient arriving at %2.</source>
        <translation>Хук на %1 вызывается с градиентом, пришедшим в %2.</translation>
    </message>
    <message>
        <source>%1 has run and frees its saved tensors (retain_graph=False): a second backward through it would fail.</source>
        <translation>%1 выполнен и освобождает свои сохранённые тензоры (retain_graph=False): повторный обратный проход через него завершится ошибкой.</translation>
    </message>
    <message>
        <source>Checkpoint %1 starts: the ops inside it do not keep their activations for backward (%2).</source>
        <translation>Начинается контрольная точка %1: операции внутри неё не сохраняют свои активации для обратного прохода (%2).</translation>
    </message>
    <message>
        <source>reentrant</source>
        <translation>реентерабельная</translation>
    </message>
    <message>
        <source>non-reentrant</source>
        <translation>нереентерабельная</translation>
    </message>
    <message>
        <source>Checkpoint %1 ends: backward will run its forward again to get the activations back.</source>
        <translation>Контрольная точка %1 закончилась: при обратном проходе её прямой проход выполнится снова, чтобы вернуть активации.</translation>
    </message>
    <message>
        <source>Backward reaches checkpoint %1: its forward runs again to rebuild the activations it did not save.</source>
        <translation>Обратный проход дошёл до контрольной точки %1: её прямой проход выполняется снова, чтобы восстановить несохранённые активации.</translation>
    </message>
    <message>
        <source>The recompute of checkpoint %1 is done; backward goes on through the rebuilt nodes.</source>
        <translation>Повторное вычисление контрольной точки %1 завершено; обратный проход продолжается через восстановленные узлы.</translation>
    </message>
    <message>
        <source>simulated GPU</source>
        <translation>симулированный GPU</translation>
    </message>
    <message>
        <source>%1: %2 allocated (now %3 in use).</source>
        <translation>%1: выделено %2 (сейчас занято %3).</translation>
    </message>
    <message>
        <source>%1: %2 freed (now %3 in use).</source>
        <translation>%1: освобождено %2 (сейчас занято %3).</translation>
    </message>
    <message>
        <source>Entering %1 (%2): the nodes it creates are framed with its name.</source>
        <translation>Вход в %1 (%2): узлы, которые он создаёт, обведены рамкой с его именем.</translation>
    </message>
    <message>
        <source>Leaving %1.</source>
        <translation>Выход из %1.</translation>
    </message>
    <message>
        <source>Leaving the module.</source>
        <translation>Выход из модуля.</translation>
    </message>
    <message>
        <source>The script writes to stderr: %1</source>
        <translation>Скрипт пишет в stderr: %1</translation>
    </message>
    <message>
        <source>The script prints: %1</source>
        <translation>Скрипт выводит: %1</translation>
    </message>
    <message>
        <source>(raised while backward ran %1)</source>
        <translation>(возникла, когда обратный проход выполнял %1)</translation>
    </message>
    <message>
        <source>The run stopped: %1: %2</source>
        <translation>Запуск остановлен: %1: %2</translation>
    </message>
    <message>
        <source>The run is complete.</source>
        <translation>Запуск завершён.</translation>
    </message>
    <message numerus="yes">
        <source>The run is complete after %n backward() call(s); the leaves hold their gradients.</source>
        <translation>
            <numerusform>Запуск завершён, backward() вызван %n раз; листья хранят свои градиенты.</numerusform>
            <numerusform>Запуск завершён, backward() вызван %n раза; листья хранят свои градиенты.</numerusform>
            <numerusform>Запуск завершён, backward() вызван %n раз; листья хранят свои градиенты.</numerusform>
        </translation>
    </message>
    <message>
        <source>passes it unchanged to both inputs (summed to each input&apos;s shape)</source>
        <translation>передаёт его без изменений обоим входам (суммируя до формы каждого входа)</translation>
    </message>
    <message>
        <source>passes it unchanged to self</source>
        <translation>передаёт его без изменений в self</translation>
    </message>
    <message>
        <source>passes it to self and its negative (times alpha) to other</source>
        <translation>передаёт его в self, а его же со знаком минус (умноженный на alpha) — в other</translation>
    </message>
    <message>
        <source>passes its negative to self</source>
        <translation>передаёт его со знаком минус в self</translation>
    </message>
    <message>
        <source>multiplies it by the saved other for self and by the saved self for other</source>
        <translation>умножает его на сохранённый other для self и на сохранённый self для other</translation>
    </message>
    <message>
        <source>multiplies it by the number self was multiplied with</source>
        <translation>умножает его на число, на которое умножали self</translation>
    </message>
    <message>
        <source>divides it by the saved other for self; for other it uses −grad_output · self / other²</source>
        <translation>делит его на сохранённый other для self; для other использует −grad_output · self / other²</translation>
    </message>
    <message>
        <source>divides it by the number self was divided by</source>
        <translation>делит его на число, на которое делили self</translation>
    </message>
    <message>
        <source>negates it</source>
        <translation>меняет его знак</translation>
    </message>
    <message>
        <source>multiplies it by the saved result (exp is its own derivative)</source>
        <translation>умножает его на сохранённый result (производная exp равна самой exp)</translation>
    </message>
    <message>
        <source>divides it by the saved self</source>
        <translation>делит его на сохранённый self</translation>
    </message>
    <message>
        <source>multiplies it by cos(self)</source>
        <translation>умножает его на cos(self)</translation>
    </message>
    <message>
        <source>multiplies it by −sin(self)</source>
        <translation>умножает его на −sin(self)</translation>
    </message>
    <message>
        <source>multiplies it by 1 − result²</source>
        <translation>умножает его на 1 − result²</translation>
    </message>
    <message>
        <source>multiplies it by result · (1 − result)</source>
        <translation>умножает его на result · (1 − result)</translation>
    </message>
    <message>
        <source>divides it by 2 · result</source>
        <translation>делит его на 2 · result</translation>
    </message>
    <message>
        <source>lets it through where the result is positive and sends 0 elsewhere</source>
        <translation>пропускает его там, где результат положителен, а в остальные места передаёт 0</translation>
    </message>
    <message>
        <source>spreads it evenly: every element gets grad_output / numel</source>
        <translation>распределяет его поровну: каждый элемент получает grad_output / numel</translation>
    </message>
    <message>
        <source>spreads it evenly over the reduced dimensions</source>
        <translation>распределяет его поровну по свёрнутым измерениям</translation>
    </message>
    <message>
        <source>copies it to every element of the input</source>
        <translation>копирует его в каждый элемент входа</translation>
    </message>
    <message>
        <source>copies it along the summed dimensions</source>
        <translation>копирует его вдоль просуммированных измерений</translation>
    </message>
    <message>
        <source>computes grad_output @ mat2ᵀ for self and selfᵀ @ grad_output for mat2</source>
        <translation>вычисляет grad_output @ mat2ᵀ для self и selfᵀ @ grad_output для mat2</translation>
    </message>
    <message>
        <source>sums it over the rows for the bias, and computes grad_output @ mat2ᵀ for mat1 and mat1ᵀ @ grad_output for mat2</source>
        <translation>суммирует его по строкам для bias и вычисляет grad_output @ mat2ᵀ для mat1 и mat1ᵀ @ grad_output для mat2</translation>
    </message>
    <message>
        <source>transposes it back</source>
        <translation>транспонирует его обратно</translation>
    </message>
    <message>
        <source>reshapes it to the input&apos;s shape</source>
        <translation>приводит его к форме входа</translation>
    </message>
    <message>
        <source>removes the added dimension</source>
        <translation>убирает добавленное измерение</translation>
    </message>
    <message>
        <source>puts the removed dimensions back</source>
        <translation>возвращает удалённые измерения</translation>
    </message>
    <message>
        <source>sums it over the expanded dimensions</source>
        <translation>суммирует его по расширенным измерениям</translation>
    </message>
    <message>
        <source>passes it unchanged</source>
        <translation>передаёт его без изменений</translation>
    </message>
    <message>
        <source>places it at the selected index of a zero tensor of the input&apos;s shape</source>
        <translation>помещает его по выбранному индексу в нулевой тензор формы входа</translation>
    </message>
    <message>
        <source>places it in the selected slice of a zero tensor of the input&apos;s shape</source>
        <translation>помещает его в выбранный срез нулевого тензора формы входа</translation>
    </message>
    <message>
        <source>adds it at the indexed places of a zero tensor of the input&apos;s shape</source>
        <translation>прибавляет его в проиндексированных позициях к нулевому тензору формы входа</translation>
    </message>
    <message>
        <source>multiplies it by 2 · (self − target) / numel</source>
        <translation>умножает его на 2 · (self − target) / numel</translation>
    </message>
    <message>
        <source>subtracts softmax · sum(grad_output) from it</source>
        <translation>вычитает из него softmax · sum(grad_output)</translation>
    </message>
    <message>
        <source>computes result · (grad_output − sum(grad_output · result))</source>
        <translation>вычисляет result · (grad_output − sum(grad_output · result))</translation>
    </message>
    <message>
        <source>puts −grad_output (divided by the batch for &apos;mean&apos;) at each target class</source>
        <translation>ставит −grad_output (делённый на размер батча при &apos;mean&apos;) на место каждого целевого класса</translation>
    </message>
    <message>
        <source>routes it around the slice that was overwritten in place</source>
        <translation>направляет его в обход среза, перезаписанного на месте</translation>
    </message>
    <message>
        <source>multiplies it by exponent · self^(exponent−1)</source>
        <translation>умножает его на exponent · self^(exponent−1)</translation>
    </message>
    <message>
        <source>uses exponent · self^(exponent−1) for self and result · log(self) for exponent</source>
        <translation>использует exponent · self^(exponent−1) для self и result · log(self) для exponent</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the clauses of one sentence</comment>
        <translation>, </translation>
    </message>
    <message>
        <source>.</source>
        <comment>the end of a sentence</comment>
        <translation>.</translation>
    </message>
    <message>
        <source> </source>
        <comment>between two sentences</comment>
        <translation> </translation>
    </message>
    <message>
        <source>Selective checkpointing keeps the output of %1 (%2): backward will not run it again.</source>
        <translation>Выборочные контрольные точки сохраняют выход %1 (%2): обратный проход не будет выполнять её снова.</translation>
    </message>
    <message>
        <source>Selective checkpointing lets the output of %1 go: backward will run it again.</source>
        <translation>Выборочные контрольные точки не сохраняют выход %1: обратный проход выполнит её снова.</translation>
    </message>
    <message>
        <source>The recompute takes the kept output of %1 (%2) instead of running it again.</source>
        <translation>Повторное вычисление берёт сохранённый выход %1 (%2) вместо того, чтобы выполнять её снова.</translation>
    </message>
    <message>
        <source>The recompute runs %1 again.</source>
        <translation>Повторное вычисление снова выполняет %1.</translation>
    </message>
    <message>
        <source>%1.data was replaced: the tensor now holds a %2 tensor on %3, and keeps its name and its place in the graph.</source>
        <translation>%1.data заменено: тензор теперь содержит тензор %2 на %3 и сохраняет своё имя и место в графе.</translation>
    </message>
    <message>
        <source>pinned host memory</source>
        <translation>закреплённая память хоста</translation>
    </message>
    <message>
        <source>%1 copied from %2 to %3: %4 over the PCIe link, modelled at %5 (%6).</source>
        <translation>%1 скопировано из %2 в %3: %4 по шине PCIe, по модели при %5 (%6).</translation>
    </message>
</context>
<context>
    <name>agv::ui::CompareRunsDialog</name>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>Run &amp;Again</source>
        <translation>&amp;Запустить снова</translation>
    </message>
    <message>
        <source>&amp;Cancel Runs</source>
        <translation>&amp;Отменить запуски</translation>
    </message>
    <message>
        <source>&amp;Open in Main Window</source>
        <translation>Открыть в &amp;главном окне</translation>
    </message>
    <message>
        <source>Compare Runs</source>
        <translation>Сравнение запусков</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Конфигурация</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Peak saved</source>
        <translation>Пик сохранённого</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>Пик выделенного</translation>
    </message>
    <message>
        <source>Forward ops</source>
        <translation>Операций вперёд</translation>
    </message>
    <message>
        <source>Recomputed ops</source>
        <translation>Повторных операций</translation>
    </message>
    <message>
        <source>Extra work</source>
        <translation>Доп. работа</translation>
    </message>
    <message>
        <source>The most bytes the autograd graph held for backward at once (saved activations)</source>
        <translation>Наибольшее число байт, которое граф autograd одновременно держал для обратного прохода (сохранённые активации)</translation>
    </message>
    <message>
        <source>The most bytes allocated at once, all devices together</source>
        <translation>Наибольшее число одновременно выделенных байт на всех устройствах вместе</translation>
    </message>
    <message>
        <source>Operations run again by checkpoint recomputes during backward</source>
        <translation>Операции, повторно выполненные при пересчёте контрольных точек во время обратного прохода</translation>
    </message>
    <message>
        <source>Double-click a run, or click its point in the chart, to open its graph, steps and console in the main window.</source>
        <translation>Дважды щёлкните запуск или щёлкните его точку на графике, чтобы открыть его граф, шаги и консоль в главном окне.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Peak saved&lt;/b&gt; — the most bytes the autograd graph held for backward at once: tensors saved by grad_fn nodes, the inputs a checkpoint keeps included. Parameters and the script&apos;s own inputs do not count: they stay alive anyway.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Peak allocated&lt;/b&gt; — the most bytes allocated at once on all devices, as the memory chart shows them (a checkpoint&apos;s stashed random state included).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Forward ops&lt;/b&gt; — operations the forward pass ran. &lt;b&gt;Recomputed ops&lt;/b&gt; — operations backward ran again to rebuild what checkpointing did not keep: the extra forward work, also shown as a share of the forward pass.&lt;/p&gt;&lt;p&gt;More segments do not always keep less: every checkpointed segment keeps its input, so many short segments can keep more than no checkpointing at all.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Пик сохранённого&lt;/b&gt; — наибольшее число байт, которое граф autograd одновременно держал для обратного прохода: тензоры, сохранённые узлами grad_fn, включая входы, которые хранит контрольная точка. Параметры и собственные входы скрипта не считаются: они живут в любом случае.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Пик выделенного&lt;/b&gt; — наибольшее число одновременно выделенных байт на всех устройствах, как их показывает график памяти (включая сохранённое контрольной точкой состояние генератора случайных чисел).&lt;/p&gt;&lt;p&gt;&lt;b&gt;Операций вперёд&lt;/b&gt; — операции, выполненные прямым проходом. &lt;b&gt;Повторных операций&lt;/b&gt; — операции, которые обратный проход выполнил снова, чтобы восстановить то, что контрольные точки не сохранили: дополнительная работа прямого прохода, показанная также как доля прямого прохода.&lt;/p&gt;&lt;p&gt;Больше сегментов — не всегда меньше памяти: каждый сегмент с контрольной точкой хранит свой вход, поэтому много коротких сегментов могут хранить больше, чем вовсе без контрольных точек.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Запуски</translation>
    </message>
    <message>
        <source>Trade-off: memory kept against work done again</source>
        <translation>Компромисс: сохранённая память против повторной работы</translation>
    </message>
    <message>
        <source>Memory over time</source>
        <translation>Память во времени</translation>
    </message>
    <message>
        <source>against</source>
        <translation>против</translation>
    </message>
    <message>
        <source>untitled script</source>
        <translation>безымянного скрипта</translation>
    </message>
    <message>
        <source>Compare runs of %1</source>
        <translation>Сравнение запусков %1</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>выполняется…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>отменён</translation>
    </message>
    <message>
        <source>No runs yet</source>
        <translation>Запусков пока нет</translation>
    </message>
    <message>
        <source>Running %1 (%2 of %3)</source>
        <translation>Выполняется %1 (%2 из %3)</translation>
    </message>
    <message>
        <source>%1 of %2 runs finished, %3 failed</source>
        <translation>Завершено запусков: %1 из %2, с ошибкой: %3</translation>
    </message>
    <message>
        <source>%1 of %2 runs finished</source>
        <translation>Завершено запусков: %1 из %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; failed: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: ошибка: %2</translation>
    </message>
    <message>
        <source>recomputes nothing</source>
        <translation>ничего не пересчитывает</translation>
    </message>
    <message>
        <source>recomputes 1 operation (%1 extra forward work)</source>
        <translation>пересчитывает 1 операцию (%1 дополнительной работы прямого прохода)</translation>
    </message>
    <message>
        <source>recomputes %1 operations (%2 extra forward work)</source>
        <translation>пересчитывает операций: %1 (%2 дополнительной работы прямого прохода)</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; keeps at most %3 for backward (%4 allocated at the peak) and %5.</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;■&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; хранит для обратного прохода не больше %3 (на пике выделено %4) и %5.</translation>
    </message>
    <message>
        <source>for %1 more recomputed operations</source>
        <translation>ценой дополнительных повторных операций: %1</translation>
    </message>
    <message>
        <source>and recomputes %1 fewer operations</source>
        <translation>и пересчитывает меньше операций (на %1)</translation>
    </message>
    <message>
        <source>for the same work</source>
        <translation>при той же работе</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; keeps %2% less for backward %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; хранит для обратного прохода на %2% меньше %3.</translation>
    </message>
    <message>
        <source>Both keep the same bytes for backward at the peak.</source>
        <translation>Оба на пике хранят для обратного прохода одинаковое число байт.</translation>
    </message>
    <message>
        <source>The same script as written, with checkpointing off and, where the script uses them, with each segment count checkpoint_sequential can take and with selective checkpointing recomputing or saving every op. Operations and bytes are counted, not timed: every machine gives the same numbers.</source>
        <translation>Тот же скрипт как написан, с выключенными контрольными точками и, если скрипт их использует, с каждым числом сегментов, которое допускает checkpoint_sequential, и с выборочными контрольными точками, пересчитывающими или сохраняющими каждую операцию. Операции и байты подсчитываются, а не замеряются по времени: на любой машине получаются те же числа.</translation>
    </message>
</context>
<context>
    <name>agv::ui::ConfigurationRuns</name>
    <message>
        <source>As written</source>
        <translation>Как написано</translation>
    </message>
    <message>
        <source>Checkpointing off</source>
        <translation>Без контрольных точек</translation>
    </message>
    <message>
        <source>1 segment</source>
        <translation>1 сегмент</translation>
    </message>
    <message>
        <source>%1 segments</source>
        <translation>Сегментов: %1</translation>
    </message>
    <message>
        <source>the script ended with exit code %1</source>
        <translation>скрипт завершился с кодом выхода %1</translation>
    </message>
    <message>
        <source>SAC: recompute every op</source>
        <translation>SAC: пересчитывать каждую операцию</translation>
    </message>
    <message>
        <source>SAC: save every op</source>
        <translation>SAC: сохранять каждую операцию</translation>
    </message>
</context>
<context>
    <name>agv::ui::ErrorPanel</name>
    <message>
        <source>Checkpoint %1: the recompute differs from the forward</source>
        <translation>Контрольная точка %1: повторное вычисление отличается от прямого прохода</translation>
    </message>
    <message>
        <source>The segment was checkpointed with &lt;code&gt;preserve_rng_state=False&lt;/code&gt;, so the random draws (dropout masks) of the recompute are new ones, not those of the forward.</source>
        <translation>Сегмент обёрнут в checkpoint с &lt;code&gt;preserve_rng_state=False&lt;/code&gt;, поэтому случайные значения (маски dropout) при повторном вычислении новые, а не те же, что в прямом проходе.</translation>
    </message>
    <message>
        <source>When backward ran the function again it gave other results: it reads something that changed after the forward (a global variable, an input modified in place, a random draw).</source>
        <translation>Когда обратный проход снова выполнил функцию, она дала другие результаты: она читает что-то, что изменилось после прямого прохода (глобальную переменную, вход, изменённый на месте, случайное значение).</translation>
    </message>
    <message>
        <source>PyTorch raises nothing and its documentation says this cannot be detected: the gradients are computed from the recomputed values, so they are silently wrong. autogradviz recorded both runs and compared them.</source>
        <translation>PyTorch не выдаёт ошибки, и в его документации сказано, что это невозможно обнаружить: градиенты вычисляются по повторно вычисленным значениям, поэтому они молча оказываются неверными. autogradviz записал оба прогона и сравнил их.</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>прямой проход</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>повторное вычисление</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(ничего)</translation>
    </message>
    <message>
        <source>No error at this step. When a run fails, the message, an explanation and the forward trace of the failing node appear here.</source>
        <translation>На этом шаге ошибки нет. Если запуск завершится ошибкой, здесь появятся сообщение, объяснение и трасса прямого прохода для узла с ошибкой.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Failing node: &lt;a href=&apos;node:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt;</source>
        <translation>&lt;p&gt;Узел с ошибкой: &lt;a href=&apos;node:%1&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/a&gt;</translation>
    </message>
    <message>
        <source> &amp;nbsp;·&amp;nbsp; modified tensor: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> &amp;nbsp;·&amp;nbsp; изменённый тензор: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>What happened.</source>
        <translation>Что произошло.</translation>
    </message>
    <message>
        <source>Usual fixes</source>
        <translation>Как это обычно исправляют</translation>
    </message>
    <message>
        <source>Forward call that created the failing node (anomaly mode)</source>
        <translation>Вызов в прямом проходе, создавший узел с ошибкой (режим обнаружения аномалий)</translation>
    </message>
    <message>
        <source>Traceback</source>
        <translation>Трассировка стека (traceback)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Made stale by &lt;a href=&apos;cause:%1:%2&apos;&gt;&lt;code&gt;%3&lt;/code&gt; on line %1&lt;/a&gt; (%4 bumped the version from %5 to %6).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Устарел из-за &lt;a href=&apos;cause:%1:%2&apos;&gt;&lt;code&gt;%3&lt;/code&gt; в строке %1&lt;/a&gt; (%4 увеличила версию с %5 до %6).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) is cut from the graph</source>
        <translation>Контрольная точка %1 (&lt;a href=&apos;line:%2&apos;&gt;строка %2&lt;/a&gt;) отрезана от графа</translation>
    </message>
    <message>
        <source>None of its inputs requires grad, so the reentrant checkpoint ran its function under no_grad and returned a tensor without &lt;code&gt;grad_fn&lt;/code&gt;. Backward never reaches the function: the parameters it uses get no gradient and would never train. PyTorch only warns (&quot;None of the inputs have requires_grad=True&quot;).</source>
        <translation>Ни один из её входов не требует градиента, поэтому реентерабельная контрольная точка выполнила функцию под no_grad и вернула тензор без &lt;code&gt;grad_fn&lt;/code&gt;. Обратный проход никогда не доходит до функции: используемые ею параметры не получают градиента и никогда не обучатся. PyTorch лишь предупреждает («None of the inputs have requires_grad=True»).</translation>
    </message>
    <message>
        <source>Fix: &lt;code&gt;checkpoint(fn, x, use_reentrant=False)&lt;/code&gt;, or make an input require grad.</source>
        <translation>Исправление: &lt;code&gt;checkpoint(fn, x, use_reentrant=False)&lt;/code&gt; или сделайте так, чтобы какой-то вход требовал градиента.</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) runs inside save_on_cpu, but nothing in it is offloaded</source>
        <translation>Контрольная точка %1 (&lt;a href=&apos;line:%2&apos;&gt;строка %2&lt;/a&gt;) выполняется внутри save_on_cpu, но ничего в ней не выгружается</translation>
    </message>
    <message>
        <source>Checkpoint %1 (&lt;a href=&apos;line:%2&apos;&gt;line %2&lt;/a&gt;) runs inside saved_tensors_hooks, but they pack nothing in it</source>
        <translation>Контрольная точка %1 (&lt;a href=&apos;line:%2&apos;&gt;строка %2&lt;/a&gt;) выполняется внутри saved_tensors_hooks, но они ничего в ней не упаковывают</translation>
    </message>
    <message numerus="yes">
        <source>The non-reentrant checkpoint packed the %n tensor(s) its function saved with its own saved-tensor hooks, as placeholders that backward fills by recomputing. Its hooks are innermost and only the innermost hooks pack, so %1 never saw them; the checkpoint keeps its inputs itself instead of saving them through %1. PyTorch 1.13 raises nothing.</source>
        <translation>
            <numerusform>Нереентерабельная контрольная точка упаковала %n тензор, сохранённый её функцией, своими собственными хуками сохраняемых тензоров — как заполнители, которые обратный проход заполняет повторным вычислением. Её хуки самые внутренние, а упаковывают только самые внутренние хуки, поэтому %1 их так и не увидел; свои входы контрольная точка хранит сама, а не сохраняет через %1. PyTorch 1.13 ни о чём не сообщает.</numerusform>
            <numerusform>Нереентерабельная контрольная точка упаковала %n тензора, сохранённых её функцией, своими собственными хуками сохраняемых тензоров — как заполнители, которые обратный проход заполняет повторным вычислением. Её хуки самые внутренние, а упаковывают только самые внутренние хуки, поэтому %1 их так и не увидел; свои входы контрольная точка хранит сама, а не сохраняет через %1. PyTorch 1.13 ни о чём не сообщает.</numerusform>
            <numerusform>Нереентерабельная контрольная точка упаковала %n тензоров, сохранённых её функцией, своими собственными хуками сохраняемых тензоров — как заполнители, которые обратный проход заполняет повторным вычислением. Её хуки самые внутренние, а упаковывают только самые внутренние хуки, поэтому %1 их так и не увидел; свои входы контрольная точка хранит сама, а не сохраняет через %1. PyTorch 1.13 ни о чём не сообщает.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix: a reentrant checkpoint (&lt;code&gt;use_reentrant=True&lt;/code&gt;, 1.13&apos;s default) saves its inputs for backward, and %1 packs them; or put %1 inside the checkpointed function (what it saves is then packed by %1 instead of recomputed).</source>
        <translation>Исправление: реентерабельная контрольная точка (&lt;code&gt;use_reentrant=True&lt;/code&gt;, по умолчанию в 1.13) сохраняет свои входы для обратного прохода, и %1 их упаковывает; или поместите %1 внутрь функции под контрольной точкой (тогда то, что она сохраняет, упаковывает %1 вместо повторного вычисления).</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphScene</name>
    <message>
        <source>⟲ checkpoint %1: recompute</source>
        <translation>⟲ контрольная точка %1: повторное вычисление</translation>
    </message>
    <message>
        <source>checkpoint %1: not kept</source>
        <translation>контрольная точка %1: не сохраняется</translation>
    </message>
    <message>
        <source>host memory (%1)</source>
        <translation>память хоста (%1)</translation>
    </message>
    <message>
        <source>&lt;br&gt;grad in: &lt;pre&gt;%1&lt;/pre&gt;</source>
        <translation>&lt;br&gt;входящий градиент: &lt;pre&gt;%1&lt;/pre&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;executed (#%1)</source>
        <translation>&lt;br&gt;выполнен (#%1)</translation>
    </message>
    <message>
        <source>&lt;br&gt;not executed yet</source>
        <translation>&lt;br&gt;ещё не выполнен</translation>
    </message>
    <message>
        <source>%1 on line %2</source>
        <translation>%1 в строке %2</translation>
    </message>
    <message>
        <source>Click the title to collapse %1 into one box</source>
        <translation>Щёлкните заголовок, чтобы свернуть %1 в один блок</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>Развернуть</translation>
    </message>
    <message>
        <source>Collapse %1</source>
        <translation>Свернуть %1</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphSearchBar</name>
    <message>
        <source>Find a tensor, node or module</source>
        <translation>Найти тензор, узел или модуль</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Закрыть (Esc)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>нет совпадений</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
</context>
<context>
    <name>agv::ui::GraphView</name>
    <message>
        <source>parameter</source>
        <translation>параметр</translation>
    </message>
    <message>
        <source>input</source>
        <translation>вход</translation>
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
        <translation>функция потерь</translation>
    </message>
    <message>
        <source>stale saved tensor</source>
        <translation>устаревший сохранённый тензор</translation>
    </message>
    <message>
        <source>op (and the grad_fn it records)</source>
        <translation>операция (и её grad_fn)</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>тензор</translation>
    </message>
</context>
<context>
    <name>agv::ui::GroupNodeItem</name>
    <message>
        <source>%1, %2 ops each</source>
        <translation>%1, операций в каждом: %2</translation>
    </message>
    <message>
        <source>all %1 nodes executed</source>
        <translation>выполнены все узлы: %1</translation>
    </message>
    <message>
        <source>%1 of %2 nodes executed</source>
        <translation>выполнено узлов: %1 из %2</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>узлов: %1</translation>
    </message>
    <message>
        <source>%1 of %2 nodes created</source>
        <translation>создано узлов: %1 из %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; repeated %2 times: %3 nodes</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;, повторений: %2, узлов: %3</translation>
    </message>
    <message>
        <source>, with the %1 inputs that fed only one repetition each</source>
        <translation>, вместе со входами, питавшими только одно повторение: %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;Double-click to expand.</source>
        <translation>&lt;br&gt;Дважды щёлкните, чтобы развернуть.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: one module call drawn as one box, %2 nodes and %3 other items inside</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: вызов модуля, нарисованный одним блоком; внутри %2 узлов и %3 других элементов</translation>
    </message>
</context>
<context>
    <name>agv::ui::InspectorPanel</name>
    <message>
        <source>original tensor</source>
        <translation>исходный тензор</translation>
    </message>
    <message>
        <source>data only (output saved without grad_fn)</source>
        <translation>только данные (выход сохранён без grad_fn)</translation>
    </message>
    <message>
        <source>packed by a saved-tensor hook</source>
        <translation>упакован хуком сохранённых тензоров</translation>
    </message>
    <message>
        <source>offloaded to host memory</source>
        <translation>выгружен в память хоста</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Инспектор</translation>
    </message>
    <message>
        <source>Click a tensor, a grad_fn node or a saved-tensor badge in the graph.</source>
        <translation>Щёлкните по тензору, узлу grad_fn или значку сохранённого тензора на графе.</translation>
    </message>
    <message>
        <source>Not created yet at this step.</source>
        <translation>На этом шаге ещё не создан.</translation>
    </message>
    <message>
        <source>at this step</source>
        <translation>на этом шаге</translation>
    </message>
    <message>
        <source>tensors</source>
        <translation>тензоры</translation>
    </message>
    <message>
        <source>leaves with requires_grad</source>
        <translation>листья с requires_grad</translation>
    </message>
    <message>
        <source>grad_fn nodes</source>
        <translation>узлы grad_fn</translation>
    </message>
    <message>
        <source>nodes executed by backward</source>
        <translation>узлы, выполненные обратным проходом</translation>
    </message>
    <message>
        <source>saved tensors</source>
        <translation>сохранённые тензоры</translation>
    </message>
    <message>
        <source>  released</source>
        <translation>  освобождены</translation>
    </message>
    <message>
        <source>  stale</source>
        <translation>  устаревшие</translation>
    </message>
    <message>
        <source>backward() calls</source>
        <translation>вызовы backward()</translation>
    </message>
    <message>
        <source>memory on %1</source>
        <translation>память на %1</translation>
    </message>
    <message>
        <source>%1 B (peak %2 B)</source>
        <translation>%1 Б (пик %2 Б)</translation>
    </message>
    <message>
        <source>tensor #%1</source>
        <translation>тензор #%1</translation>
    </message>
    <message>
        <source>Leaf tensor that requires grad: its .grad is filled by backward()</source>
        <translation>Листовой тензор, требующий градиента: его .grad заполняет backward()</translation>
    </message>
    <message>
        <source>Plain tensor: autograd does not track it</source>
        <translation>Обычный тензор: autograd его не отслеживает</translation>
    </message>
    <message>
        <source>Result of an op: its grad_fn records how to backpropagate</source>
        <translation>Результат операции: его grad_fn записывает, как распространять градиент обратно</translation>
    </message>
    <message>
        <source>freed</source>
        <translation>освобождено</translation>
    </message>
    <message>
        <source>saved by</source>
        <translation>сохранён узлами</translation>
    </message>
    <message>
        <source>  (released)</source>
        <translation>  (освобождён)</translation>
    </message>
    <message>
        <source>  STALE (now v%1)</source>
        <translation>  УСТАРЕЛ (сейчас v%1)</translation>
    </message>
    <message>
        <source>Adds the incoming gradient into %1.grad</source>
        <translation>Прибавляет входящий градиент к %1.grad</translation>
    </message>
    <message>
        <source>Backward function recorded by the forward op</source>
        <translation>Функция обратного прохода, записанная операцией прямого прохода</translation>
    </message>
    <message>
        <source>This node failed during backward.</source>
        <translation>Этот узел завершился ошибкой при обратном проходе.</translation>
    </message>
    <message>
        <source>yes, #%1 in backward order</source>
        <translation>да, #%1 в порядке обратного прохода</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>ещё нет</translation>
    </message>
    <message>
        <source>recomputed by checkpoint (segment %1)</source>
        <translation>повторно вычислен контрольной точкой (сегмент %1)</translation>
    </message>
    <message>
        <source>  STALE</source>
        <translation>  УСТАРЕЛ</translation>
    </message>
    <message>
        <source>  packed on %1</source>
        <translation>  упакован на %1</translation>
    </message>
    <message>
        <source>grad in</source>
        <translation>входящий градиент</translation>
    </message>
    <message>
        <source>grad out</source>
        <translation>исходящий градиент</translation>
    </message>
    <message>
        <source>forward trace</source>
        <translation>трасса прямого прохода</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>сохранённый %1</translation>
    </message>
    <message>
        <source>Released: backward already used it (use retain_graph=True to keep it)</source>
        <translation>Освобождён: обратный проход уже использовал его (чтобы сохранить, передайте retain_graph=True)</translation>
    </message>
    <message>
        <source>Modified in place after it was saved, but a saved-tensor hook holds it: PyTorch does not check its version, so backward uses whatever unpack returns, without an error.</source>
        <translation>Изменён на месте после сохранения, но его держит хук сохранённых тензоров: PyTorch не проверяет его версию, поэтому обратный проход без ошибки использует то, что вернёт unpack.</translation>
    </message>
    <message>
        <source>Stale: the tensor was modified in place after it was saved. Backward through this node will fail.</source>
        <translation>Устарел: тензор был изменён на месте после сохранения. Обратный проход через этот узел завершится ошибкой.</translation>
    </message>
    <message>
        <source>A checkpoint placeholder: nothing is kept; backward recomputes this tensor when it needs it.</source>
        <translation>Заглушка контрольной точки: ничего не хранится; обратный проход вычислит этот тензор повторно, когда он понадобится.</translation>
    </message>
    <message>
        <source>Offloaded: a saved-tensor hook moved it off its device; unpack brings it back for backward.</source>
        <translation>Выгружен: хук сохранённых тензоров перенёс его с устройства; unpack возвращает его для обратного прохода.</translation>
    </message>
    <message>
        <source>Held by a saved-tensor hook: pack ran when it was saved, unpack gives it back for backward.</source>
        <translation>Удерживается хуком сохранённых тензоров: pack выполнился при сохранении, unpack возвращает тензор для обратного прохода.</translation>
    </message>
    <message>
        <source>Kept by the node for its backward formula.</source>
        <translation>Хранится узлом для формулы обратного прохода.</translation>
    </message>
    <message>
        <source>the node&apos;s own output (saved without grad_fn: no reference cycle)</source>
        <translation>собственный выход узла (сохранён без grad_fn: нет циклической ссылки)</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>%n раз</numerusform>
            <numerusform>%n раза</numerusform>
            <numerusform>%n раз</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>строка %1</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>строка %1: %2</translation>
    </message>
    <message>
        <source>Click to show line %1 in the editor</source>
        <translation>Нажмите, чтобы показать строку %1 в редакторе</translation>
    </message>
    <message>
        <source>created</source>
        <translation>создан</translation>
    </message>
    <message>
        <source>last changed in place</source>
        <translation>последнее изменение на месте</translation>
    </message>
    <message>
        <source>%1, v%2 → v%3</source>
        <translation>%1, v%2 → v%3</translation>
    </message>
    <message>
        <source>made stale by</source>
        <translation>устарел из-за</translation>
    </message>
    <message>
        <source>selective checkpointing</source>
        <translation>выборочные контрольные точки</translation>
    </message>
    <message>
        <source>value at recompute</source>
        <translation>значение при повторном вычислении</translation>
    </message>
    <message>
        <source>value at forward</source>
        <translation>значение при прямом проходе</translation>
    </message>
    <message>
        <source>recompute matches forward</source>
        <translation>повторное вычисление совпадает с прямым проходом</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>no (preserve_rng_state=False: new random draws)</source>
        <translation>нет (preserve_rng_state=False: новые случайные значения)</translation>
    </message>
    <message>
        <source>copied to the GPU over PCIe</source>
        <translation>скопировано на GPU по PCIe</translation>
    </message>
    <message>
        <source>copied to host memory over PCIe</source>
        <translation>скопировано в память хоста по PCIe</translation>
    </message>
</context>
<context>
    <name>agv::ui::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>This script wants a GPU: use the simulated GPU</source>
        <translation>Этому скрипту нужен GPU: использовать симулированный GPU</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Код</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Инспектор</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>Консоль</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Память</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Открыть…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>&amp;Demos</source>
        <translation>&amp;Примеры</translation>
    </message>
    <message>
        <source>&amp;Recent Files</source>
        <translation>&amp;Недавние файлы</translation>
    </message>
    <message>
        <source>&amp;Save Trace As…</source>
        <translation>&amp;Сохранить трассу как…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Save trace</source>
        <translation>Сохранить трассу</translation>
    </message>
    <message>
        <source>&amp;Export View (SVG/PNG)…</source>
        <translation>&amp;Экспорт вида (SVG/PNG)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export Graph as &amp;DOT…</source>
        <translation>Экспорт графа в &amp;DOT…</translation>
    </message>
    <message>
        <source>Export DOT</source>
        <translation>Экспорт в DOT</translation>
    </message>
    <message>
        <source>Graphviz (*.dot *.gv)</source>
        <translation>Graphviz (*.dot *.gv)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>&amp;Run Script</source>
        <translation>&amp;Запустить скрипт</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>&amp;Отменить запуск</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>Re-run &amp;While Typing</source>
        <translation>Перезапускать при &amp;вводе</translation>
    </message>
    <message>
        <source>&amp;Device</source>
        <translation>&amp;Устройство</translation>
    </message>
    <message>
        <source>&amp;Automatic: this machine&apos;s GPU</source>
        <translation>&amp;Автоматически: GPU этого компьютера</translation>
    </message>
    <message>
        <source>&amp;Automatic: CPU only (no GPU found, as PyTorch sees it)</source>
        <translation>&amp;Автоматически: только CPU (PyTorch не видит GPU)</translation>
    </message>
    <message>
        <source>&amp;Simulated GPU (4 GiB in host memory)</source>
        <translation>&amp;Симулированный GPU (4 ГиБ в памяти хоста)</translation>
    </message>
    <message>
        <source>&amp;CPU Only</source>
        <translation>&amp;Только CPU</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>Вос&amp;произведение</translation>
    </message>
    <message>
        <source>Play / Pause</source>
        <translation>Воспроизведение / пауза</translation>
    </message>
    <message>
        <source>Step Forward</source>
        <translation>Шаг вперёд</translation>
    </message>
    <message>
        <source>Step Back</source>
        <translation>Шаг назад</translation>
    </message>
    <message>
        <source>Next Line</source>
        <translation>Следующая строка</translation>
    </message>
    <message>
        <source>Previous Line</source>
        <translation>Предыдущая строка</translation>
    </message>
    <message>
        <source>Next Backward Node</source>
        <translation>Следующий узел обратного прохода</translation>
    </message>
    <message>
        <source>Previous Backward Node</source>
        <translation>Предыдущий узел обратного прохода</translation>
    </message>
    <message>
        <source>Step Only to &amp;Visible Changes</source>
        <translation>Шагать только по &amp;видимым изменениям</translation>
    </message>
    <message>
        <source>Step Forward/Back pass over events that only change the memory chart</source>
        <translation>Шаг вперёд/назад пропускает события, которые меняют только график памяти</translation>
    </message>
    <message>
        <source>Go to Start</source>
        <translation>В начало</translation>
    </message>
    <message>
        <source>Go to End</source>
        <translation>В конец</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Быстрее</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Медленнее</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>Show &amp;Whole Graph</source>
        <translation>Показать &amp;весь граф</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Follow the Current Step</source>
        <translation>&amp;Следовать за текущим шагом</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>When the whole graph would be too small to read, keep a readable zoom and move along with what each step does</source>
        <translation>Когда весь граф был бы слишком мелким для чтения, сохранять читаемый масштаб и следовать за тем, что делает каждый шаг</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>Текст &amp;крупнее</translation>
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
        <translation>Текст &amp;мельче</translation>
    </message>
    <message>
        <source>Ctrl+Shift+-</source>
        <translation>Ctrl+Shift+-</translation>
    </message>
    <message>
        <source>&amp;Reset Text Size</source>
        <translation>Сбросить &amp;размер текста</translation>
    </message>
    <message>
        <source>&amp;Find in Graph…</source>
        <translation>&amp;Найти в графе…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>При&amp;близить</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>&amp;Отдалить</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>&amp;Тёмная тема</translation>
    </message>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>Режим &amp;презентации</translation>
    </message>
    <message>
        <source>&amp;Start Page</source>
        <translation>Ст&amp;артовая страница</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Сочетания клавиш</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;О программе</translation>
    </message>
    <message>
        <source>About Autograd Visualizer</source>
        <translation>О программе Autograd Visualizer</translation>
    </message>
    <message>
        <source>&lt;b&gt;Autograd Visualizer&lt;/b&gt; %1&lt;p&gt;Records a PyTorch script run as a trace of autograd events and replays it as an animated graph.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Autograd Visualizer&lt;/b&gt; %1&lt;p&gt;Записывает запуск скрипта PyTorch как трассу событий autograd и воспроизводит её в виде анимированного графа.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>Не удаётся открыть %1</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>Выполняется %1…</translation>
    </message>
    <message>
        <source>script</source>
        <translation>скрипт</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>Запуск не удался: %1</translation>
    </message>
    <message numerus="yes">
        <source>Run cancelled after %n event(s)</source>
        <translation>
            <numerusform>Запуск отменён после %n события</numerusform>
            <numerusform>Запуск отменён после %n событий</numerusform>
            <numerusform>Запуск отменён после %n событий</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s)</source>
        <translation>
            <numerusform>%1: %n событие</numerusform>
            <numerusform>%1: %n события</numerusform>
            <numerusform>%1: %n событий</numerusform>
        </translation>
    </message>
    <message>
        <source> — ended with an error</source>
        <translation> — завершено с ошибкой</translation>
    </message>
    <message numerus="yes">
        <source>Running %1… %n event(s) so far</source>
        <translation>
            <numerusform>Выполняется %1… уже %n событие</numerusform>
            <numerusform>Выполняется %1… уже %n события</numerusform>
            <numerusform>Выполняется %1… уже %n событий</numerusform>
        </translation>
    </message>
    <message>
        <source>forward</source>
        <translation>прямой проход</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>ошибка: %1</translation>
    </message>
    <message>
        <source>⟲ recompute of checkpoint %1</source>
        <translation>⟲ повторное вычисление контрольной точки %1</translation>
    </message>
    <message>
        <source>backward() inside backward()</source>
        <translation>backward() внутри backward()</translation>
    </message>
    <message>
        <source>backward()</source>
        <translation>backward()</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>завершено</translation>
    </message>
    <message>
        <source>Press Space to play, → to step, Shift+→ to run a line</source>
        <translation>Нажмите Пробел для воспроизведения, → для шага, Shift+→ для выполнения строки</translation>
    </message>
    <message>
        <source>No autograd graph yet at this step</source>
        <translation>На этом шаге графа autograd ещё нет</translation>
    </message>
    <message>
        <source>Before the first event: press Space to play or → to step.</source>
        <translation>До первого события: нажмите Пробел для воспроизведения или → для шага.</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Экспортировано: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Сохранено: %1</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>Экспорт вида</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG (*.png)</source>
        <translation>SVG (*.svg);;PNG (*.png)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыть</translation>
    </message>
    <message>
        <source>Open trace</source>
        <translation>Открыть трассу</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>&lt;table cellpadding=3&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Space&lt;/b&gt;&lt;/td&gt;&lt;td&gt;play / pause&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;step forward / back one event&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous source line (inside backward: node by node)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Right / Left&lt;/b&gt;&lt;/td&gt;&lt;td&gt;next / previous backward node&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Home / End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;start / end of the run&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;[ / ]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;slower / faster&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;run the script again&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;find a tensor, node or module in the graph (Enter: next, Shift+Enter: previous, Esc: close)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+0&lt;/b&gt;&lt;/td&gt;&lt;td&gt;show the whole graph (wheel zooms, drag pans)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;follow the current step on a big graph&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F11&lt;/b&gt;&lt;/td&gt;&lt;td&gt;presenter mode&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+Plus / Minus&lt;/b&gt;&lt;/td&gt;&lt;td&gt;larger / smaller text (kept per mode)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;export view as SVG / PNG&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Playback keys work when the graph has focus; the editor keeps them while you type.&lt;/p&gt;</source>
        <translation>&lt;table cellpadding=3&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Пробел&lt;/b&gt;&lt;/td&gt;&lt;td&gt;воспроизведение / пауза&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;→ / ←&lt;/b&gt;&lt;/td&gt;&lt;td&gt;шаг вперёд / назад на одно событие&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Shift+→ / ←&lt;/b&gt;&lt;/td&gt;&lt;td&gt;следующая / предыдущая строка кода (внутри обратного прохода: по узлам)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+→ / ←&lt;/b&gt;&lt;/td&gt;&lt;td&gt;следующий / предыдущий узел обратного прохода&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Home / End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;начало / конец запуска&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;[ / ]&lt;/b&gt;&lt;/td&gt;&lt;td&gt;медленнее / быстрее&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;запустить скрипт заново&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;найти тензор, узел или модуль в графе (Enter: следующий, Shift+Enter: предыдущий, Esc: закрыть)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+0&lt;/b&gt;&lt;/td&gt;&lt;td&gt;показать весь граф (колесо мыши меняет масштаб, перетаскивание сдвигает)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+F&lt;/b&gt;&lt;/td&gt;&lt;td&gt;следовать за текущим шагом на большом графе&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F11&lt;/b&gt;&lt;/td&gt;&lt;td&gt;режим презентации&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+Плюс / Минус&lt;/b&gt;&lt;/td&gt;&lt;td&gt;крупнее / мельче текст (запоминается для каждого режима)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;экспорт вида в SVG / PNG&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Клавиши воспроизведения работают, когда фокус на графе; пока вы печатаете, их получает редактор.&lt;/p&gt;</translation>
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
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>[%1 MB of earlier output not shown]
</source>
        <translation>[%1 МБ более раннего вывода не показано]
</translation>
    </message>
    <message>
        <source>&amp;Predict, Then Reveal</source>
        <translation>&amp;Предсказать, затем показать</translation>
    </message>
    <message>
        <source>Play stops before each backward() fills the gradients and before an error, so the class can predict the answer; Play or Step Forward reveals it</source>
        <translation>Воспроизведение останавливается перед тем, как backward() заполнит градиенты, и перед ошибкой, чтобы класс мог предсказать ответ; «Воспроизвести» или «Шаг вперёд» показывает его</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; the next step ends this run with an error. Which one, raised where, and why? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;Сначала предскажите:&lt;/b&gt; следующий шаг завершит запуск ошибкой. Какой, где она возникнет и почему? Нажмите Пробел или →, чтобы узнать.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; backward() is about to run. Which gradients will it compute? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;Сначала предскажите:&lt;/b&gt; сейчас запустится backward(). Какие градиенты он вычислит? Нажмите Пробел или →, чтобы узнать.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Predict first:&lt;/b&gt; backward() is about to run. What will %1 be? Press Space or → to reveal.</source>
        <translation>&lt;b&gt;Сначала предскажите:&lt;/b&gt; сейчас запустится backward(). Чему будут равны %1? Нажмите Пробел или →, чтобы узнать.</translation>
    </message>
    <message>
        <source>&amp;Backward Graph (grad_fn Nodes)</source>
        <translation>&amp;Граф обратного прохода (узлы grad_fn)</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 / 2 / 3&lt;/b&gt;&lt;/td&gt;&lt;td&gt;backward graph / forward graph / both side by side&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 / 2 / 3&lt;/b&gt;&lt;/td&gt;&lt;td&gt;граф обратного прохода / граф прямого прохода / оба рядом&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Forward Graph (&amp;Tensors and Ops)</source>
        <translation>Граф прямого прохо&amp;да (тензоры и операции)</translation>
    </message>
    <message>
        <source>Both Grap&amp;hs Side by Side</source>
        <translation>Оба гра&amp;фа рядом</translation>
    </message>
    <message>
        <source>Pin a &amp;Note…</source>
        <translation>&amp;Закрепить заметку…</translation>
    </message>
    <message>
        <source>Remove the Selected Note</source>
        <translation>Удалить выбранную заметку</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Note:&lt;/b&gt; &lt;i&gt;%1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Заметка:&lt;/b&gt; &lt;i&gt;%1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Pin a Note</source>
        <translation>Закрепить заметку</translation>
    </message>
    <message>
        <source>A note on this node, shown from step %1 on and saved with the trace:</source>
        <translation>Заметка к этому узлу: видна начиная с шага %1 и сохраняется вместе с трассой:</translation>
    </message>
    <message>
        <source>A note on step %1, shown from there on and saved with the trace:</source>
        <translation>Заметка к шагу %1: видна начиная с него и сохраняется вместе с трассой:</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>Открыть &amp;трассу…</translation>
    </message>
    <message>
        <source>Autograd trace (*.agvtrace);;JSON lines (*.jsonl)</source>
        <translation>Трасса autograd (*.agvtrace);;Строки JSON (*.jsonl)</translation>
    </message>
    <message>
        <source>No interpreter is connected to this build: open a recorded trace (.agvtrace, .jsonl) to play it.</source>
        <translation>К этой сборке не подключён интерпретатор: откройте записанную трассу (.agvtrace, .jsonl), чтобы воспроизвести её.</translation>
    </message>
    <message>
        <source>PyTorch scripts (*.py);;Traces (*.agvtrace *.jsonl);;All files (*)</source>
        <translation>Скрипты PyTorch (*.py);;Трассы (*.agvtrace *.jsonl);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Traces (*.agvtrace *.jsonl)</source>
        <translation>Трассы (*.agvtrace *.jsonl)</translation>
    </message>
    <message>
        <source>Com&amp;pare Runs…</source>
        <translation>&amp;Сравнить запуски…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;compare runs: as written, checkpointing off and each checkpoint_sequential segment count&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;сравнить запуски: как написано, без контрольных точек и с каждым числом сегментов checkpoint_sequential&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Compare Runs: showing the run “%1”</source>
        <translation>Сравнение запусков: показан запуск «%1»</translation>
    </message>
    <message>
        <source>&amp;Collapse Module</source>
        <translation>&amp;Свернуть модуль</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Draws the nn.Module call holding the selected node as one box</source>
        <translation>Рисует вызов nn.Module, содержащий выбранный узел, одним блоком</translation>
    </message>
    <message>
        <source>E&amp;xpand Box</source>
        <translation>Ра&amp;звернуть блок</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Shows the nodes of the selected module call or group of repeats</source>
        <translation>Показывает узлы выбранного вызова модуля или группы повторов</translation>
    </message>
    <message>
        <source>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C / E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;collapse the module call holding the selected node into one box / expand the selected box (or click a module&apos;s title, double-click a box)&lt;/td&gt;&lt;/tr&gt;</source>
        <translation>&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C / E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;свернуть вызов модуля с выбранным узлом в один блок / развернуть выбранный блок (или щёлкните заголовок модуля, дважды щёлкните блок)&lt;/td&gt;&lt;/tr&gt;</translation>
    </message>
    <message>
        <source>Simulated GPU&apos;s &amp;PCIe Link</source>
        <translation>Шина &amp;PCIe симулированного GPU</translation>
    </message>
    <message>
        <source>PCIe 3.0 x4, an external GPU (3 GB/s)</source>
        <translation>PCIe 3.0 x4, внешний GPU (3 ГБ/с)</translation>
    </message>
    <message>
        <source>PCIe 3.0 x16 (12 GB/s)</source>
        <translation>PCIe 3.0 x16 (12 ГБ/с)</translation>
    </message>
    <message>
        <source>PCIe 4.0 x16 (25 GB/s)</source>
        <translation>PCIe 4.0 x16 (25 ГБ/с)</translation>
    </message>
    <message>
        <source>PCIe 5.0 x16 (50 GB/s)</source>
        <translation>PCIe 5.0 x16 (50 ГБ/с)</translation>
    </message>
</context>
<context>
    <name>agv::ui::MemoryChart</name>
    <message>
        <source>No memory events yet</source>
        <translation>Событий памяти пока нет</translation>
    </message>
    <message>
        <source>step</source>
        <translation>шаг</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>параметры</translation>
    </message>
    <message>
        <source>optimizer state</source>
        <translation>состояние оптимизатора</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>градиенты</translation>
    </message>
    <message>
        <source>saved activations</source>
        <translation>сохранённые активации</translation>
    </message>
    <message>
        <source>held by pack hooks</source>
        <translation>удерживается pack-хуками</translation>
    </message>
    <message>
        <source>other</source>
        <translation>прочее</translation>
    </message>
    <message>
        <source>%1 (simulated GPU)</source>
        <translation>%1 (симулированный GPU)</translation>
    </message>
    <message>
        <source>%1: %2 now, peak so far %3, peak of the run %4 at step %5</source>
        <translation>%1: сейчас %2, пик на этот момент %3, пик прогона %4 на шаге %5</translation>
    </message>
    <message>
        <source>PCIe link to the simulated GPU, modelled at %1: to the GPU %2; to host memory %3</source>
        <translation>Шина PCIe к симулированному GPU, модель при %1: на GPU %2; в память хоста %3</translation>
    </message>
    <message>
        <source>to GPU</source>
        <translation>на GPU</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>в хост</translation>
    </message>
    <message>
        <source>%1 (pinned host memory)</source>
        <translation>%1 (закреплённая память хоста)</translation>
    </message>
    <message>
        <source>Step %1: %2 copied from %3 to %4, %5 modelled at %6 (%7)</source>
        <translation>Шаг %1: %2 скопировано из %3 в %4, %5 по модели при %6 (%7)</translation>
    </message>
    <message numerus="yes">
        <source>Make this panel taller to see the memory of %n device(s)</source>
        <translation>
            <numerusform>Сделайте эту панель выше, чтобы увидеть память %n устройства</numerusform>
            <numerusform>Сделайте эту панель выше, чтобы увидеть память %n устройств</numerusform>
            <numerusform>Сделайте эту панель выше, чтобы увидеть память %n устройств</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>agv::ui::MemoryOverlayChart</name>
    <message>
        <source>Choose two finished runs to compare their memory</source>
        <translation>Выберите два завершённых запуска, чтобы сравнить их память</translation>
    </message>
    <message>
        <source>Allocated, all devices</source>
        <translation>Выделено, все устройства</translation>
    </message>
    <message>
        <source>Held for backward (saved activations)</source>
        <translation>Хранится для обратного прохода (сохранённые активации)</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>пик %1</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>событий: %1</translation>
    </message>
</context>
<context>
    <name>agv::ui::OffloadedTensorItem</name>
    <message>
        <source>%1 (%2) back on its device</source>
        <translation>%1 (%2) снова на своём устройстве</translation>
    </message>
    <message>
        <source>%1 (%2) on %3</source>
        <translation>%1 (%2) на %3</translation>
    </message>
    <message>
        <source>%1 (%2) released</source>
        <translation>%1 (%2) освобождён</translation>
    </message>
    <message>
        <source>Packed by %1(): this saved tensor waits in host memory until backward needs it</source>
        <translation>Упакован хуком %1(): этот сохранённый тензор ждёт в памяти хоста, пока он не понадобится обратному проходу</translation>
    </message>
</context>
<context>
    <name>agv::ui::SavedBadgeItem</name>
    <message>
        <source>Saved for backward as &lt;b&gt;%1&lt;/b&gt; at version %2&lt;br&gt;Tensor is now at version %3%4</source>
        <translation>Сохранён для обратного прохода как &lt;b&gt;%1&lt;/b&gt; в версии %2&lt;br&gt;Сейчас версия тензора — %3%4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;released after backward&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;освобождён после обратного прохода&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;modified in place after saving&lt;/b&gt;: a saved-tensor hook holds it, so PyTorch does not check its version and backward will use whatever unpack returns</source>
        <translation>&lt;br&gt;&lt;b&gt;изменён на месте после сохранения&lt;/b&gt;: его держит хук сохранённых тензоров, поэтому PyTorch не проверяет версию, и обратный проход использует то, что вернёт unpack</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;stale&lt;/b&gt;: modified in place after saving</source>
        <translation>&lt;br&gt;&lt;b&gt;устарел&lt;/b&gt;: изменён на месте после сохранения</translation>
    </message>
    <message>
        <source>&lt;br&gt;held by a saved-tensor hook: %1</source>
        <translation>&lt;br&gt;удерживается хуком сохранённых тензоров: %1</translation>
    </message>
    <message>
        <source>, by %1</source>
        <translation>, операцией %1</translation>
    </message>
</context>
<context>
    <name>agv::ui::Scrubber</name>
    <message>
        <source>Drag to scrub. Markers: blue = backward(), amber = in-place version bump, red = error</source>
        <translation>Перетаскивайте, чтобы перемещаться по записи. Метки: синяя — backward(), янтарная — увеличение версии операцией на месте, красная — ошибка</translation>
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
        <translation>Запустите скрипт PyTorch, а затем воспроизведите запуск: посмотрите, как строится граф во время прямого прохода, какие тензоры сохраняет каждый узел и как градиенты текут обратно.</translation>
    </message>
    <message>
        <source>Open script…</source>
        <translation>Открыть скрипт…</translation>
    </message>
    <message>
        <source>Demos</source>
        <translation>Примеры</translation>
    </message>
    <message>
        <source>No demos installed. Open any PyTorch script, or drop a .py file here.</source>
        <translation>Примеры не установлены. Откройте любой скрипт PyTorch или перетащите сюда файл .py.</translation>
    </message>
    <message>
        <source>wants a GPU (the simulated one will do)</source>
        <translation>нужен GPU (подойдёт симулированный)</translation>
    </message>
    <message>
        <source>Watch: %1</source>
        <translation>Обратите внимание: %1</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Недавние</translation>
    </message>
    <message>
        <source>Open trace…</source>
        <translation>Открыть трассу…</translation>
    </message>
</context>
<context>
    <name>agv::ui::TradeoffChart</name>
    <message>
        <source>Recomputed operations (extra forward work) →</source>
        <translation>Повторные операции (дополнительная работа прямого прохода) →</translation>
    </message>
    <message>
        <source>Peak saved-activation bytes →</source>
        <translation>Пик байт сохранённых активаций →</translation>
    </message>
    <message>
        <source>The runs appear here as they finish</source>
        <translation>Запуски появятся здесь по мере завершения</translation>
    </message>
    <message>
        <source>best trade-offs: nothing keeps less for as little work</source>
        <translation>лучшие компромиссы: никто не хранит меньше при столь же малой работе</translation>
    </message>
    <message>
        <source>%1
%2 saved at the peak, %3 operations recomputed
Click to open this run</source>
        <translation>%1
на пике сохранено %2, повторных операций: %3
Щёлкните, чтобы открыть этот запуск</translation>
    </message>
</context>
<context>
    <name>agv::ui::TransportBar</name>
    <message>
        <source>Go to start (Home)</source>
        <translation>В начало (Home)</translation>
    </message>
    <message>
        <source>Previous backward node (Ctrl+Left)</source>
        <translation>Предыдущий узел обратного прохода (Ctrl+←)</translation>
    </message>
    <message>
        <source>Previous source line (Shift+Left)</source>
        <translation>Предыдущая строка кода (Shift+←)</translation>
    </message>
    <message>
        <source>Step back one event (Left)</source>
        <translation>Шаг назад на одно событие (←)</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>Воспроизведение / пауза (Пробел)</translation>
    </message>
    <message>
        <source>Step forward one event (Right)</source>
        <translation>Шаг вперёд на одно событие (→)</translation>
    </message>
    <message>
        <source>Next source line (Shift+Right)</source>
        <translation>Следующая строка кода (Shift+→)</translation>
    </message>
    <message>
        <source>Next backward node (Ctrl+Right)</source>
        <translation>Следующий узел обратного прохода (Ctrl+→)</translation>
    </message>
    <message>
        <source>Go to end (End)</source>
        <translation>В конец (End)</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>Скорость воспроизведения</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>шаг %1 / %2</translation>
    </message>
    <message>
        <source> · line %1</source>
        <translation> · строка %1</translation>
    </message>
</context>
</TS>
