import { featureTranslator } from '../../lib/i18n.ts';

/** Texts of the privacy screens (spec sections 4 "Privacy" and 8 "Privacy update"), loaded with them. */
export const usePrivacyT = featureTranslator({
  pt_br: {
    privacyHeading: 'Privacidade',
    privacyGreeting: 'Olá, {name}!',
    privacyIntro:
      'Escolha se você quer receber mensagens promocionais da loja. Mensagens sobre os seus pedidos continuam chegando de qualquer forma.',
    sendPromo: 'Quero receber ofertas e novidades da loja por mensagem',
    save: 'Salvar preferência',
    saving: 'Salvando…',
    privacyUpdateSuccess: 'Preferência atualizada! Você vai voltar ao cardápio em instantes.',
    privacyUpdateError: 'Não foi possível atualizar a sua preferência. Tente novamente.',
    privacyUserNotFound: 'Não encontramos o seu cadastro. Confira o link que você recebeu.',
  },
  en: {
    privacyHeading: 'Privacy',
    privacyGreeting: 'Hello, {name}!',
    privacyIntro:
      'Choose whether you want to receive promotional messages from the store. Messages about your orders keep coming either way.',
    sendPromo: "I want to receive the store's offers and news by message",
    save: 'Save preference',
    saving: 'Saving…',
    privacyUpdateSuccess: 'Preference updated! You will be back at the menu in a moment.',
    privacyUpdateError: 'We could not update your preference. Please try again.',
    privacyUserNotFound: 'We could not find your account. Check the link you received.',
  },
});
