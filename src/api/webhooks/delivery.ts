/** The webhooks queue's consumer (issue 12). */
export async function consumeWebhooks(_batch: MessageBatch<unknown>, _env: Env, _ctx: ExecutionContext): Promise<void> {}

/** The scheduled sweep: re-sends deliveries whose queue message was lost. */
export async function sweepWebhooks(_env: Env, _ctx: ExecutionContext, _now: Date): Promise<unknown> {
  return null;
}
