import { describe, expect, it } from 'vitest';
import { CountedOrders } from './counted-orders';

const answer = (ref: string, cents: number, replayed = false) => ({ ref, cents, replayed });

describe('CountedOrders', () => {
  it('counts an order once, whatever key answers it and even when a replay is not flagged', () => {
    const orders = new CountedOrders();
    expect(orders.count('k1', answer('S1', 595))).toBe(595);
    expect(orders.count('k1', answer('S1', 595, true))).toBe(0);
    expect(orders.count('k1', answer('S1', 595))).toBe(0);
    // The same key after the API forgot it: a new order, counted.
    expect(orders.count('k1', answer('S2', 595))).toBe(595);
  });

  it('does not count a replay of an order this process never counted', () => {
    expect(new CountedOrders().count('k1', answer('S1', 595, true))).toBe(0);
  });

  it('settles a lost answer to the order a replay of its key shows', () => {
    const orders = new CountedOrders();
    orders.doubt('k1', 595);
    // 595 already counted in doubt; the order cost 714.
    expect(orders.count('k1', answer('S1', 714, true))).toBe(119);
    expect(orders.count('k1', answer('S1', 714, true))).toBe(0);
  });

  it('gives a lost answer back when its key replays an order already counted', () => {
    const orders = new CountedOrders();
    expect(orders.count('k1', answer('S1', 595))).toBe(595);
    orders.doubt('k1', 595);
    expect(orders.count('k1', answer('S1', 595, true))).toBe(-595);
  });

  it('keeps lost answers counted when their key buys a new order, and when several were lost', () => {
    const orders = new CountedOrders();
    orders.doubt('k1', 595);
    // Never arrived, or bought before the API forgot the key: it cannot tell, so both count.
    expect(orders.count('k1', answer('S1', 595))).toBe(595);
    orders.doubt('k2', 595);
    orders.doubt('k2', 595);
    // One of them bought S2; the other stays counted.
    expect(orders.count('k2', answer('S2', 595, true))).toBe(0);
    expect(orders.count('k2', answer('S2', 595, true))).toBe(0);
  });
});
