/** The clicks queue's consumer (issue 12). */
export async function consumeClicks(_batch: MessageBatch<unknown>, _env: Env, _ctx: ExecutionContext): Promise<void> {}
