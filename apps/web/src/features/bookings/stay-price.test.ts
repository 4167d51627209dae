import { describe, expect, it } from 'vitest';
import { stayPrice } from './stay-price';

const site = { serviceChargePercent: 10, vatPercent: 15 };

describe('the booking form’s price', () => {
  it('is nights × the room’s price, then service charge and VAT on top', () => {
    expect(stayPrice(2, 5000, null, site)).toEqual({
      nights: 2,
      perNightCost: 5000,
      subtotal: 10000,
      discount: 0,
      withOutVatAndService: 10000,
      serviceCharge: 1000,
      vat: 1650,
      amount: 12650,
    });
  });

  it('takes an applied coupon off before the service charge and VAT', () => {
    const price = stayPrice(2, 5000, { type: 'percentage', value: 10 }, site);
    expect(price).toMatchObject({ subtotal: 10000, discount: 1000, withOutVatAndService: 9000, serviceCharge: 900, vat: 1485, amount: 11385 });
    expect(stayPrice(2, 5000, { type: 'fixed', value: 1500 }, site)).toMatchObject({ discount: 1500, withOutVatAndService: 8500 });
  });
});
