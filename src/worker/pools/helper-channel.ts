/**
 * One helper worker of a pool and the requests it has not answered yet: replies carry the
 * request's id and either the answer or a format error. A helper that cannot run (its script
 * fails to load, or it crashes) fails everything it was given and tells its pool, which then
 * stops handing work out (content-pool.ts, thumbnail-pool.ts).
 */
import { ErrorCode, FormatError, type ErrorFields } from '../../binary/format-error.ts';

export type HelperReply<Answer> =
  { id: number; ok: true; answer: Answer } | { id: number; ok: false; error: ErrorFields };

export interface HelperChannel<Answer> {
  worker: Worker;
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
}

/** Wires `worker`'s replies to its pending requests; `onBroken` is called when it fails. */
export function openHelperChannel<Answer>(
  worker: Worker,
  what: string,
  onBroken: () => void,
): HelperChannel<Answer> {
  const channel: HelperChannel<Answer> = { worker, pending: new Map() };
  worker.onmessage = (event: MessageEvent<HelperReply<Answer>>) => {
    const reply = event.data;
    const waiter = channel.pending.get(reply.id);
    if (!waiter) return;
    channel.pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.answer);
    else waiter.reject(new FormatError(reply.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    onBroken();
    for (const waiter of channel.pending.values()) {
      waiter.reject(
        new FormatError({
          code: ErrorCode.INTERNAL,
          offset: 0,
          detail: `${what} stopped: ${event.message}`,
        }),
      );
    }
    channel.pending.clear();
  };
  return channel;
}
