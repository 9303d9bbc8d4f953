import type { Redis } from "ioredis";
import type { Signals } from "./shared-state";

/**
 * Signals through Redis pub/sub: a message published on any process reaches the subscribers
 * on every process. Subscribing needs a connection of its own (`subscriber`).
 */
export function redisSignals(
  publisher: Redis,
  subscriber: Redis,
  onError: (error: unknown) => void,
): Signals {
  const handlers = new Map<string, Set<(message: string) => void>>();
  const subscribing = new Set<Promise<unknown>>();
  subscriber.on("message", (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        const answered: Promise<unknown> = subscriber
          .subscribe(channel)
          .catch(onError)
          .finally(() => subscribing.delete(answered));
        subscribing.add(answered);
      }
      handlers.get(channel)!.add(handler);
      return () => {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set?.size === 0) {
          handlers.delete(channel);
          subscriber.unsubscribe(channel).catch(onError);
        }
      };
    },
    async ready() {
      await Promise.all(subscribing);
    },
  };
}
