import type { JobCounts, QueueName } from "@ledgerline/contracts";
import type { QueuedMail } from "../mail/mailer";

export type { JobCounts, QueueName } from "@ledgerline/contracts";

/** What each queue's jobs carry: plain JSON, since with Redis it is stored and read elsewhere. */
export interface JobPayloads {
  /** Bring one user's snapshots (and what is kept from them) up to date. */
  snapshots: { userId: number };
  /** Apply splits and paid dividends to every holder. */
  "corporate-actions": { reason: "hourly" };
  /** Check the price alerts of one kind, or the drift alerts, on the prices just refreshed. */
  alerts: { check: "STOCK" | "CRYPTO" | "drift" };
  /** A mail to record and deliver once, whichever try of the job gets there. */
  mail: QueuedMail;
  /** Check and write one import job's file (its row in import_jobs holds the file). */
  import: { importId: number };
}

export type HandledQueue = QueueName & keyof JobPayloads;

/** How a queue's jobs are retried and how many run at once on one worker process. */
export interface QueuePolicy {
  /** Tries in all, the first included; after the last the job is kept as failed, with its error. */
  attempts: number;
  /** The wait before the second try; each further wait doubles it (exponential backoff). */
  backoffMs: number;
  concurrency: number;
}

/**
 * A recompute takes seconds of CPU at 100,000 trades: one at a time per worker, so a process
 * that also serves requests keeps its event loop. Mails wait on a remote server, not on CPU.
 */
export const QUEUE_POLICIES: Record<HandledQueue, QueuePolicy> = {
  snapshots: { attempts: 3, backoffMs: 1_000, concurrency: 1 },
  "corporate-actions": { attempts: 3, backoffMs: 30_000, concurrency: 1 },
  // The next refresh cycle checks again within a minute: a failed check is not worth a retry.
  alerts: { attempts: 1, backoffMs: 1_000, concurrency: 2 },
  mail: { attempts: 5, backoffMs: 2_000, concurrency: 4 },
  // An import holds the write lock on SQLite while it writes: one at a time per worker.
  import: { attempts: 3, backoffMs: 2_000, concurrency: 1 },
};

export interface EnqueueOptions {
  /**
   * Jobs with the same key are one piece of work: one waiting while another with the key runs
   * keeps only the latest data, and never two with the key run at once (a user's recompute).
   */
  dedupKey?: string;
}

/** What a handler knows of the try it runs in. */
export interface JobAttempt {
  /** 1 on the first try. */
  number: number;
  /** No try follows this one if it fails (the job is then kept as failed). */
  last: boolean;
}

export type JobHandler<Q extends HandledQueue> = (
  data: JobPayloads[Q],
  attempt: JobAttempt,
) => Promise<void>;

/**
 * Work a request starts and does not wait for, by kind (queue). In-process (one process, the
 * embedded default) or on Redis with BullMQ (REDIS_URL): the same handlers, retries, backoff,
 * failed jobs kept with their error, coalescing by key and concurrency per queue.
 */
export interface Jobs {
  kind: "process" | "redis";
  /** The one handler of a queue's jobs; set before `startWorking`. */
  handle<Q extends HandledQueue>(queue: Q, handler: JobHandler<Q>): void;
  /** Queues a job; never throws (an enqueue failure runs the job in this process instead). */
  enqueue<Q extends HandledQueue>(queue: Q, data: JobPayloads[Q], options?: EnqueueOptions): void;
  /**
   * Adds a job every `everyMs`, under a schedule named `key`: one schedule for the deployment
   * however many processes ask for it (with Redis it lives there and outlives them). Never
   * throws: a schedule Redis does not take runs from this process's clock instead.
   */
  schedule<Q extends HandledQueue>(
    queue: Q,
    key: string,
    everyMs: number,
    data: JobPayloads[Q],
  ): Promise<void>;
  /** Starts taking jobs (the worker role); until then they wait. */
  startWorking(): void;
  /** Each queue's jobs per state. */
  counts(): Promise<JobCounts[]>;
  /** A queue's failed jobs (dead letters), newest first, at most `limit`; and how many it keeps. */
  failed(queue: HandledQueue, limit: number): Promise<{ jobs: KeptFailure[]; total: number }>;
  /** Queues a failed job again from its first try; false when the queue keeps no such job. */
  retry(queue: HandledQueue, id: string): Promise<boolean>;
  /** Forgets a failed job; false when the queue keeps no such job. */
  remove(queue: HandledQueue, id: string): Promise<boolean>;
  /** Resolves once the jobs queued so far (and those they queued) have ended: tests wait on it. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A job kept after its last try failed, with that try's error. */
export interface KeptFailure {
  id: string;
  queue: HandledQueue;
  data: unknown;
  error: string;
  attempts: number;
  failedAt: Date;
}

/** A failed try's error as kept and shown to admins. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
