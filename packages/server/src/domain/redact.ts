// Card numbers (13-19 digits, optionally grouped by spaces or dashes) and IBANs (country
// code, check digits, up to 30 alphanumerics, optionally grouped) keep their last 4 only.
const IBAN = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){10,30}\b/gi;
const DIGIT_RUN = /\d(?:[ -]?\d){7,}/g;

const keepLast4 = (match: string): string => {
  const alnum = match.replace(/[^A-Za-z0-9]/g, '');
  return `****${alnum.slice(-4)}`;
};

/**
 * Redacts a ledger description: IBANs and runs of 8 or more digits (card numbers,
 * account numbers) are replaced by `****` plus their last 4 characters.
 */
export function redactDescription(description: string): string {
  return description.replace(IBAN, keepLast4).replace(DIGIT_RUN, keepLast4);
}
