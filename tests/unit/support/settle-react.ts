/**
 * Lets React's scheduler finish what an unmounted root still queued while jsdom's window exists. It
 * runs on setImmediate in slices of a few milliseconds and posts the next slice when work remains, so
 * one turn is not enough on a busy machine: wait several turns and a timer.
 */
export async function settleReact(turns = 25): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}
