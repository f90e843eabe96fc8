import { describe, expect, it } from 'vitest';
import type { PurchaseOption, PurchaseOptions } from '@parley/shared';
import {
  chargeRequestOf,
  defaultOption,
  formatCostCredits,
  formatCreditCount,
  formatMoney,
  formatPrice,
  initialTab,
  returnPathOf,
  showsOfficialOffer,
  validUntil,
} from './purchase';

const card = (
  price: number,
  period: PurchaseOption['period'],
  bonus: number,
  gpt4: number,
): PurchaseOption => ({
  ctype: 'subscription',
  price,
  amount: price * 0.2,
  value: 0,
  bonus,
  period,
  access: { 'gpt-3': -1, 'gpt-4': gpt4 },
});
const pack = (price: number, value: number): PurchaseOption => ({
  ctype: 'credits',
  price,
  amount: value,
  value,
  bonus: Math.round(((value - price) / price) * 100),
});
const OPTIONS: PurchaseOptions = {
  subscriptions: [card(5, '1d', 1, 30), card(19, '7d', 3.8, 30), card(99, '1mPlus', 15.8, 100)],
  credits: [pack(20, 22), pack(10, 10), pack(50, 60)],
};

describe('the recharge defaults', () => {
  it('opens on the cards, on the first card', () => {
    expect(initialTab(OPTIONS)).toBe('subscription');
    expect(defaultOption(OPTIONS, 'subscription')).toBe(OPTIONS.subscriptions[0]);
  });

  it('starts the credits tab on the pack priced 10 wherever it is listed, else the first pack', () => {
    expect(defaultOption(OPTIONS, 'credits')?.price).toBe(10);
    expect(
      defaultOption({ subscriptions: [], credits: [pack(20, 22), pack(50, 60)] }, 'credits')?.price,
    ).toBe(20);
  });

  it('opens on the credits tab when nothing else is for sale, and chooses nothing in an empty tab', () => {
    const packsOnly = { subscriptions: [], credits: [pack(10, 10)] };
    expect(initialTab(packsOnly)).toBe('credits');
    expect(defaultOption(packsOnly, 'subscription')).toBeNull();
  });
});

describe('a card', () => {
  it('is valid until today plus its days, written in the language', () => {
    const today = new Date(2026, 10, 24, 15, 0);
    expect(validUntil('1d', 'en-US', today)).toBe('Nov 25, 2026');
    expect(validUntil('7d', 'en-US', today)).toBe('Dec 1, 2026');
    expect(validUntil('1m', 'zh-CN', today)).toBe('2026年12月24日');
    expect(validUntil('1mPlus', 'en-US', today)).toBe('Dec 24, 2026');
  });

  it('shows the official-mirror offer above 49 only', () => {
    expect(showsOfficialOffer(card(49, '1m', 7.8, 30))).toBe(false);
    expect(showsOfficialOffer(card(99, '1mPlus', 15.8, 100))).toBe(true);
  });

  it('sends its own fields to the charge, the amount being what the option says', () => {
    expect(chargeRequestOf(OPTIONS.subscriptions[1]!)).toEqual({
      ctype: 'subscription',
      price: 19,
      amount: 19 * 0.2,
      period: '7d',
      access: { 'gpt-3': -1, 'gpt-4': 30 },
    });
    expect(chargeRequestOf(pack(10, 10))).toEqual({ ctype: 'credits', price: 10, amount: 10 });
  });
});

describe('money and credits', () => {
  it('writes prices bare when whole, amounts of money with two decimals', () => {
    expect(formatPrice(19)).toBe('¥19');
    expect(formatPrice(3.8)).toBe('¥3.80');
    expect(formatMoney(0.5)).toBe('¥0.50');
    expect(formatMoney(12)).toBe('¥12.00');
  });

  it('writes credit counts without trailing zeros', () => {
    expect(formatCreditCount(3.8)).toBe('3.8');
    expect(formatCreditCount(22)).toBe('22');
    expect(formatCreditCount(15.800000001)).toBe('15.8');
  });

  it('writes a small cost with its significant digits so it does not read as free', () => {
    expect(formatCostCredits(250_000)).toBe('2.50');
    expect(formatCostCredits(30)).toBe('0.0003');
    expect(formatCostCredits(1)).toBe('0.00001');
    expect(formatCostCredits(1_234)).toBe('0.01');
    expect(formatCostCredits(499)).toBe('0.005');
    expect(formatCostCredits(-30)).toBe('-0.0003');
    expect(formatCostCredits(0)).toBe('0.00');
    expect(formatCostCredits(123_456_789, 'zh-CN')).toBe('1234.57');
    expect(formatCostCredits(30, 'zh-CN')).toBe('0.0003');
  });
});

describe('returnPathOf', () => {
  it('keeps a conversation page, and leaves anything else to the server (/c/new)', () => {
    expect(returnPathOf('/c/3f2a-conv_1')).toBe('/c/3f2a-conv_1');
    expect(returnPathOf('/c/new')).toBe('/c/new');
    expect(returnPathOf('/search')).toBeUndefined();
    expect(returnPathOf('/c/')).toBeUndefined();
    expect(returnPathOf('/c/a%2Fb')).toBeUndefined();
    expect(returnPathOf('')).toBeUndefined();
  });
});
