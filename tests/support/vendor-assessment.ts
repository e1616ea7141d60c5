/**
 * The seeded vendor template's (`assessment-vendor-security-1.0`) answers that make it complete:
 * shared by the HTTP and browser tests. Its file question `securityPolicy` takes a reference to the
 * assessee's own upload, so `policyUpload` makes one first.
 */
export const VENDOR_TEMPLATE = 'assessment-vendor-security-1.0';

/** Every required answer but the file: 30 of 50 points, a score of 60 (encryption partial and incidentPlan no are findings). */
export const VENDOR_ANSWERS: Record<string, unknown> = {
  securityContact: 'Sam Secure',
  employees: 42,
  certifications: ['iso27001'],
  mfa: 'yes',
  encryption: 'partial',
  pentest: 'yes',
  pentestDate: '2026-03-01',
  incidentPlan: 'no',
};

/** POST /wbe/api/files as `token` for the answer `scope`; the reference the file answer keeps. */
export async function policyUpload(base: string, token: string, scope: string): Promise<unknown> {
  const form = new FormData();
  form.append('scope', scope);
  form.append('file', new Blob([`Security policy for ${scope}\n`]), 'policy.txt');
  const response = await fetch(`${base}/wbe/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`policy upload: ${response.status} ${await response.text()}`);
  return (await response.json()).content;
}

/** All answers of a complete assessment `id`, the file included. */
export async function completeAnswers(base: string, token: string, id: string): Promise<Record<string, unknown>> {
  return { ...VENDOR_ANSWERS, securityPolicy: await policyUpload(base, token, `assessment:${id}:securityPolicy`) };
}
