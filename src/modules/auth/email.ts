/** Admin emails are stored and compared lower-cased and trimmed (ADMIN_EMAIL is normalised the same way). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
