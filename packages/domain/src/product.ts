/** A product of the menu as the storefront and the server read it (spec section 3 "Product"). */
import type { Centavos } from './money.ts';

export interface Product {
  id: number;
  descricao: string;
  detalhes: string;
  valor_venda: Centavos;
  url_imagem: string | null;
  categoria_id: number;
  categoria: string;
  item_pai: boolean;
  item_filho: boolean;
  cod_pai: number | null;
  /** Sold out for now (the staff's switch): listed, not orderable. */
  esgotado?: boolean;
}
