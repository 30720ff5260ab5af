/**
 * The public menu GETs (spec section 7) a shared cache and the service worker keep: a pattern of
 * the pathname, without anchors, for both to build their own regular expression from.
 */
export const MENU_GET_PATHNAME = String.raw`/(core/(empresa_personal_app|horarios_atendimento_app|bairros_app|fidelidade_app|get_app_manifest)|estoque/(categorias_app|produtos_app|produtos_full_app/\d+)|financeiro/(formas_pagamento_app|v2/payment-methods/get-filtered-methods-app)|bar/v2/tables/list)/?`;
