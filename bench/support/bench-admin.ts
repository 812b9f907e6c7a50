/** The admin every benchmark server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { username: 'bench', password: 'bench-Password-123' } as const;

/** Signs the bench admin in on the server at `url` and returns its session cookie header. */
export async function signInBenchAdmin(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
