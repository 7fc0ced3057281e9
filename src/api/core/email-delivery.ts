/** The e-mail queue's consumer (issue 12). */
export async function consumeEmail(_batch: MessageBatch<unknown>, _env: Env, _ctx: ExecutionContext): Promise<void> {}

/** The scheduled sweep: hands unsent outbox rows to the queue (or delivers them without one). */
export async function sweepOutbox(_env: Env, _ctx: ExecutionContext, _now: Date): Promise<unknown> {
  return null;
}
