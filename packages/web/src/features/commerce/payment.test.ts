import { describe, expect, it, vi } from 'vitest';
import type { PurchaseOption } from '@parley/shared';
import { ApiError } from '../../lib/api-error';
import { startPayment, type PaymentDeps } from './payment';

const weekly: PurchaseOption = {
  ctype: 'subscription',
  price: 19,
  amount: 3.8,
  value: 0,
  bonus: 3.8,
  period: '7d',
  access: { 'gpt-3': -1, 'gpt-4': 30 },
};

const deps = (charge: PaymentDeps['charge']) => ({ charge: vi.fn(charge), go: vi.fn() });

describe('startPayment', () => {
  it("sends the option's fields and goes to the payment page answered", async () => {
    const d = deps(async () => ({ orderId: 'o1', paymentUrl: 'https://pay.example.com/o1' }));
    expect(await startPayment(weekly, d)).toBeNull();
    expect(d.charge).toHaveBeenCalledWith({
      ctype: 'subscription',
      price: 19,
      amount: 3.8,
      period: '7d',
      access: { 'gpt-3': -1, 'gpt-4': 30 },
    });
    expect(d.go).toHaveBeenCalledWith('https://pay.example.com/o1');
  });

  it('asks to come back to the conversation the dialog was opened on', async () => {
    const d = deps(async () => ({ orderId: 'o1', paymentUrl: 'https://pay.example.com/o1' }));
    expect(await startPayment(weekly, d, '/c/3f2a-conv_1')).toBeNull();
    expect(d.charge).toHaveBeenCalledWith(expect.objectContaining({ returnTo: '/c/3f2a-conv_1' }));
  });

  it('tells an answer without a payment page, and goes nowhere', async () => {
    const d = deps(async () => ({ orderId: 'o1', paymentUrl: ' ' }));
    expect(await startPayment(weekly, d)).toEqual({ kind: 'noPaymentUrl' });
    const none = deps(async () => ({ orderId: 'o1' }));
    expect(await startPayment(weekly, none)).toEqual({ kind: 'noPaymentUrl' });
    expect(d.go).not.toHaveBeenCalled();
    expect(none.go).not.toHaveBeenCalled();
  });

  it("tells a session gone as signed out, and passes the server's refusal on", async () => {
    const gone = deps(async () => Promise.reject(new ApiError(401, 'Unauthorized')));
    expect(await startPayment(weekly, gone)).toEqual({ kind: 'signedOut' });
    const refused = deps(async () => Promise.reject(new ApiError(400, 'No option matches the payload.')));
    expect(await startPayment(weekly, refused)).toEqual({
      kind: 'error',
      message: 'No option matches the payload.',
    });
  });
});
