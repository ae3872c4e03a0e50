/**
 * Runs `fn` as a task of its own, soon. A chain of setTimeout(0) is held back 4 ms a time once nested five deep
 * (browsers clamp it): a panel catching up in 16 ms slices sat idle a fifth of the time. A message to itself is not
 * held back, and input and drawing still come between two slices. The panel's intake and a file's import use it.
 */
export const nextTask = (() => {
  let channel: MessageChannel | undefined;
  const due: (() => void)[] = [];
  return (fn: () => void): void => {
    if (typeof MessageChannel === 'undefined') return void setTimeout(fn, 0);
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => due.shift()?.();
    }
    due.push(fn);
    channel.port2.postMessage(null);
  };
})();
