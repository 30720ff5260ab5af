import { featureTranslator } from '../../lib/i18n.ts';

/** The coupon-copy dialog's texts; they download with the dialog, not with the menu. */
const ptBr = {
  couponsTitle: 'Cupons disponíveis',
  couponsIntro: 'Copie um código ou use o cupom no seu próximo pedido.',
  couponCodeOf: 'Código do cupom',
  couponCopy: 'Copiar',
  couponCopied: 'Copiado',
  couponCopiedNotice: 'Cupom copiado!',
  couponCopyFailed: 'Não foi possível copiar: selecione o código e copie.',
  couponUse: 'Usar no pedido',
  couponSaved: 'Cupom {code} guardado: ele será aplicado na finalização do pedido.',
  couponMinimum: 'Para pedidos a partir de {minimum}.',
  couponsClose: 'Fechar',
};

type Key = keyof typeof ptBr;

const en: Record<Key, string> = {
  couponsTitle: 'Available coupons',
  couponsIntro: 'Copy a code or use the coupon on your next order.',
  couponCodeOf: 'Coupon code',
  couponCopy: 'Copy',
  couponCopied: 'Copied',
  couponCopiedNotice: 'Coupon copied!',
  couponCopyFailed: 'Could not copy: select the code and copy it.',
  couponUse: 'Use on my order',
  couponSaved: 'Coupon {code} saved: it will be applied at checkout.',
  couponMinimum: 'For orders from {minimum}.',
  couponsClose: 'Close',
};

export const useCouponsT = featureTranslator<Key>({ pt_br: ptBr, en });
