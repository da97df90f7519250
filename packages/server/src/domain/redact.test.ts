import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactDescription } from './redact';

describe('redactDescription', () => {
  it('keeps only the last 4 digits of card numbers and IBANs', () => {
    expect(redactDescription('Top-up by card 4111 1111 1111 1234')).toBe('Top-up by card ****1234');
    expect(redactDescription('card 4111-1111-1111-9876 ok')).toBe('card ****9876 ok');
    expect(redactDescription('From IBAN DE89 3704 0044 0532 0130 00')).toBe('From IBAN ****3000');
    expect(redactDescription('GB29NWBK60161331926819 refund')).toBe('****6819 refund');
  });

  it('leaves short numbers alone', () => {
    expect(redactDescription('Renewal 12 of order 2025')).toBe('Renewal 12 of order 2025');
  });

  it('never lets more than the last 4 digits of a card number through', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '1', '7', '9'), minLength: 13, maxLength: 19 }),
        fc.string(),
        (card, text) => {
          const out = redactDescription(`${text.replace(/\d/g, '')} ${card} end`);
          expect(out).not.toContain(card.slice(0, -4));
          expect(out).toContain(card.slice(-4));
        },
      ),
      { numRuns: 200 },
    );
  });
});
