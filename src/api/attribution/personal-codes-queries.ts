// The lookups of the personal-code import: every one is scoped to the company and sent in parts of 99 values
// (D1 binds at most 100 parameters a statement), all parts in one batch.

/** Runs `sql(placeholders)` over `values` in parts of 99, the company id bound first, and answers every row. */
async function inParts<T>(db: D1Database, companyId: string, values: string[], sql: (placeholders: string) => string): Promise<T[]> {
  if (!values.length) return [];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < values.length; i += 99) {
    const part = values.slice(i, i + 99);
    statements.push(db.prepare(sql(part.map(() => '?').join(', '))).bind(companyId, ...part));
  }
  return (await db.batch<T>(statements)).flatMap((r) => r.results);
}

/** Ambassador uid of each e-mail (lower case) that has an ambassador in the company. */
export async function ambassadorsByEmail(db: D1Database, companyId: string, emails: string[]) {
  const found = await inParts<{ email: string; uid: string }>(db, companyId, emails, (p) =>
    `SELECT lower(u.email) AS email, a.uid FROM users u JOIN ambassadors a ON a.user_id = u.id AND a.company_id = u.company_id
      WHERE u.company_id = ? AND u.email IN (${p})`);
  return new Map(found.map((r) => [r.email, r.uid]));
}

/** The campaigns each of these ambassadors of the company is a member of, by campaign uid. */
export async function membershipsOf(db: D1Database, companyId: string, ambassadorUids: string[]) {
  const found = await inParts<{ ambassador_uid: string; campaign_uid: string }>(db, companyId, ambassadorUids, (p) =>
    `SELECT m.ambassador_uid, c.uid AS campaign_uid FROM ambassador_campaigns m
       JOIN ambassadors a ON a.company_id = m.company_id AND a.uid = m.ambassador_uid
       JOIN campaigns c ON c.company_id = m.company_id AND c.id = m.campaign_id
      WHERE m.company_id = ? AND m.ambassador_uid IN (${p})`);
  const members = new Map<string, Set<string>>();
  for (const r of found) members.set(r.ambassador_uid, (members.get(r.ambassador_uid) ?? new Set()).add(r.campaign_uid));
  return members;
}

/** Which of these ambassador uids exist in the company. */
export async function knownAmbassadors(db: D1Database, companyId: string, uids: string[]) {
  const found = await inParts<{ uid: string }>(db, companyId, uids, (p) => `SELECT uid FROM ambassadors WHERE company_id = ? AND uid IN (${p})`);
  return new Set(found.map((r) => r.uid));
}

/** The company's campaign uids. */
export async function campaignUids(db: D1Database, companyId: string) {
  const { results } = await db.prepare('SELECT uid FROM campaigns WHERE company_id = ?').bind(companyId).all<{ uid: string }>();
  return new Set(results.map((r) => r.uid));
}

/** Which of these codes the company has already (revoked ones too), in lower case: the column compares without case. */
export async function takenCodes(db: D1Database, companyId: string, codes: string[]) {
  const found = await inParts<{ code: string }>(db, companyId, codes, (p) => `SELECT code FROM personal_codes WHERE company_id = ? AND code IN (${p})`);
  return new Set(found.map((r) => r.code.toLowerCase()));
}
