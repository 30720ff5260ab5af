import { type CartLineDraft, DEFAULT_ORDER_LIMITS, itemRoom, lineQuantityCap } from '@comanda/domain';
import { useLocation } from 'wouter';
import { addLine, cartRoom } from '../../../lib/cart-actions.ts';
import { useCart } from '../../../lib/cart-store.ts';
import { orderChannel } from '../../../lib/full-product.ts';
import { selectProduct, useSelectedProduct } from '../../../lib/selected-product.ts';
import { useCompany } from '../../../lib/start-data.ts';
import { ProductDialog } from '../../../shared/product-dialog/product-dialog.tsx';
import '../../../shared/product-dialog/product-dialog.css';

/** /product: the selected product as a full-screen dialog (the route guard sends /product without one home). */
export default function ProductScreen() {
  const product = useSelectedProduct();
  const cart = useCart();
  const { data: company } = useCompany();
  const [, navigate] = useLocation();
  if (!product) return null;

  const channel = orderChannel();
  // Spec section 2: no notes (nor quantity) in self-checkout when in-app payment is required.
  const hideNotes = channel === 'local' && company?.self_checkout_require_imply_pay === true;

  const limits = company
    ? { maxLineQuantity: company.qtd_maxima_item, maxOrderTotal: company.valor_maximo_pedido }
    : DEFAULT_ORDER_LIMITS;

  const leave = (to: string) => {
    navigate(to);
    selectProduct(null);
  };
  const insert = (line: CartLineDraft, times: number) => {
    addLine(line, times);
    leave('/cart');
  };

  return (
    <ProductDialog
      key={product.id}
      product={product}
      channel={channel}
      hideNotes={hideNotes}
      cartRoom={cartRoom(cart)}
      itemRoom={(line) => itemRoom(limits, cart, line)}
      itemCap={lineQuantityCap(limits)}
      onInsert={insert}
      onClose={() => leave('/')}
    />
  );
}
