import { buildBrCode, checkBrCode, STATIC_TXID_MAX } from '@comanda/domain';
import {
  type ChargeState,
  type NotificationInput,
  NotificationRefused,
  type PixCharge,
  type PixChargeRequest,
  type PixProvider,
  ProviderError,
} from './provider.ts';

/*
 * The store's own PIX key, with no provider behind it (docs/decisions/0018-online-payments-pix.md):
 * we build the static BR Code, nobody tells us when it is paid, and the store confirms receipt by
 * hand from its bank statement, by the txid its bank reports with the payment.
 */

export interface StaticPixConfig {
  /** CPF, CNPJ, e-mail, +55 phone or random key, as registered at the store's bank. */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

const NO_PROVIDER = 'a static PIX key has no provider to ask: the store confirms receipt by hand';

export class StaticPixProvider implements PixProvider {
  readonly kind = 'static_pix';
  readonly refunds = false;
  readonly notifies = false;

  constructor(
    private readonly config: StaticPixConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    // A static code carries at most 25 characters of txid; the reference's first 25 must be
    // unique on their own, since the store tells payments apart by them.
    const txid = request.reference.slice(0, STATIC_TXID_MAX);
    const key = this.config.pixKey;
    let copyPaste: string;
    try {
      copyPaste = buildBrCode({
        key,
        amount: request.amount,
        merchantName: this.config.merchantName,
        merchantCity: this.config.merchantCity,
        txid,
      });
    } catch (error) {
      if (error instanceof RangeError) throw new ProviderError(`static PIX key: ${error.message}`);
      throw error;
    }
    const check = checkBrCode(copyPaste, { amount: request.amount, key, txid });
    if (!check.ok) throw new ProviderError(`static PIX key: the BR Code was refused (${check.reason})`);
    return {
      providerRef: txid,
      copyPaste,
      qrPngBase64: null,
      // Our own deadline: a static code stays payable at the bank after it, which is why a late
      // payment is flagged to the store rather than refunded.
      expiresAt: new Date(this.now().getTime() + request.expiresInSeconds * 1000),
    };
  }

  async getCharge(_providerRef: string): Promise<ChargeState> {
    return { status: 'pending', paidAmount: null, paidAt: null, detail: NO_PROVIDER };
  }

  async cancelCharge(_providerRef: string): Promise<ChargeState> {
    return {
      status: 'canceled',
      paidAmount: null,
      paidAt: null,
      detail: 'a static BR Code cannot be withdrawn: a payer who kept it can still pay it',
    };
  }

  async refund(_providerRef: string, _amount: number, _reference: string): Promise<void> {
    throw new ProviderError('a static PIX key cannot refund: the store gives the money back by hand');
  }

  verifyNotification(_input: NotificationInput, _now: Date): never {
    throw new NotificationRefused('a static PIX key has no provider to send notifications');
  }
}
