import { featureTranslator } from '../../../lib/i18n.ts';
import { TextField } from '../fields.tsx';
import { bindSettings, SectionForm, type SettingSetter, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';

const useContactT = featureTranslator({
  pt_br: {
    title: 'Contato e redes',
    intro: 'O que os clientes veem na aba "Sobre" das informações da loja.',
    nome: 'Nome da loja',
    apresentacao: 'Apresentação',
    apresentacaoHint: 'Um parágrafo sobre a loja.',
    endereco: 'Endereço',
    contato: 'Telefone',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Com DDD, só números. Os clientes mandam o comprovante do PIX por aqui.',
    instagram: 'Instagram',
    facebook: 'Facebook',
    site: 'Site',
    socialHint: 'Como @sualoja ou https://instagram.com/sualoja',
  },
  en: {
    title: 'Contact and social',
    intro: 'What customers see in the "About" tab of the store information.',
    nome: 'Store name',
    apresentacao: 'About',
    apresentacaoHint: 'A paragraph about the store.',
    endereco: 'Address',
    contato: 'Phone',
    email: 'E-mail',
    whatsapp: 'WhatsApp',
    whatsappHint: 'With area code, digits only. Customers send PIX receipts here.',
    instagram: 'Instagram',
    facebook: 'Facebook',
    site: 'Website',
    socialHint: 'Like @yourstore or https://instagram.com/yourstore',
  },
});

type ContactKey =
  | 'nome'
  | 'apresentacao'
  | 'endereco'
  | 'contato'
  | 'email_contato'
  | 'whatsapp'
  | 'instagram'
  | 'facebook'
  | 'site';

/** The store's name, about text, address, phones and social links (section `contact`). */
export default function ContactSection({ onDirty }: SectionProps) {
  const t = useContactT();
  const { draft, setSetting, form } = useSectionForm('contact', onDirty);
  const set: SettingSetter<ContactKey> = setSetting;
  const settings = draft.settings;
  const bind = bindSettings(settings, set);
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <TextField label={t('nome')} {...bind.field('nome')} maxLength={120} />
      <TextField
        label={t('apresentacao')}
        hint={t('apresentacaoHint')}
        {...bind.field('apresentacao')}
        multiline
        maxLength={2000}
      />
      <TextField label={t('endereco')} {...bind.field('endereco')} maxLength={300} />
      <TextField label={t('contato')} {...bind.field('contato')} type="tel" inputMode="tel" maxLength={40} />
      <TextField
        label={t('whatsapp')}
        hint={t('whatsappHint')}
        {...bind.field('whatsapp')}
        type="tel"
        inputMode="tel"
        maxLength={40}
      />
      <TextField
        label={t('email')}
        {...bind.field('email_contato')}
        type="email"
        inputMode="email"
        maxLength={200}
      />
      <TextField
        label={t('instagram')}
        hint={t('socialHint')}
        {...bind.field('instagram')}
        type="url"
        inputMode="url"
        maxLength={200}
      />
      <TextField
        label={t('facebook')}
        {...bind.field('facebook')}
        type="url"
        inputMode="url"
        maxLength={200}
      />
      <TextField label={t('site')} {...bind.field('site')} type="url" inputMode="url" maxLength={200} />
    </SectionForm>
  );
}
