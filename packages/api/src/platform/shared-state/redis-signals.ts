import type { Redis } from "ioredis";
import type { RedisAvailability } from "./redis-availability";
import type { Signals } from "./shared-state";

/**
 * Signals through Redis pub/sub: a message published on any process reaches the subscribers
 * on every process. Subscribing needs a connection of its own (`subscriber`).
 *
 * While Redis is out of reach a message reaches this process's own subscribers only (what
 * Redis would have delivered here too), and a channel subscribed meanwhile is subscribed in
 * Redis once the connection is back, with every other channel this process listens on.
 */
export function redisSignals(
  publisher: Redis,
  subscriber: Redis,
  availability: RedisAvailability,
  onError: (error: unknown) => void,
): Signals {
  const handlers = new Map<string, Set<(message: string) => void>>();
  const subscribing = new Set<Promise<unknown>>();
  const deliver = (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  subscriber.on("message", deliver);

  function subscribeInRedis(channels: string[]) {
    const answered: Promise<unknown> = subscriber
      .subscribe(...channels)
      .catch(onError)
      .finally(() => subscribing.delete(answered));
    subscribing.add(answered);
  }
  // ioredis subscribes again to what it had subscribed; not to what failed while it was away.
  subscriber.on("ready", () => {
    if (handlers.size > 0) subscribeInRedis([...handlers.keys()]);
  });

  return {
    async publish(channel, message) {
      if (availability.up) {
        try {
          await publisher.publish(channel, message);
          return;
        } catch (error) {
          onError(error);
          if (availability.up) return;
        }
      }
      // As Redis would: after this call, not inside it.
      queueMicrotask(() => deliver(channel, message));
    },
    subscribe(channel, handler) {
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        if (subscriber.status === "ready") subscribeInRedis([channel]);
      }
      handlers.get(channel)!.add(handler);
      return () => {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set?.size === 0) {
          handlers.delete(channel);
          if (subscriber.status === "ready") subscriber.unsubscribe(channel).catch(onError);
        }
      };
    },
    async ready() {
      await Promise.all(subscribing);
    },
  };
}
