// Card numbers (digits, optionally grouped by spaces or dashes) and IBANs (country code,
// check digits, then groups of 4 upper-case alphanumerics, optionally space-separated)
// keep their last 4 characters only.
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
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
