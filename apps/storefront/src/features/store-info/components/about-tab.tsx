import type { Company } from '@comanda/contract';
import { formatBrazilianPhone } from '@comanda/domain';
import type { ReactNode } from 'react';
import {
  CameraIcon,
  ChatIcon,
  GlobeIcon,
  MailIcon,
  PhoneIcon,
  PlaceIcon,
  ThumbIcon,
} from '../../../components/screen-icons.tsx';
import { useT } from '../../../lib/i18n.ts';
import { whatsappHref } from '../../../lib/whatsapp.ts';
import { displayUrl, mailtoHref, siteHref, socialHref, telHref } from '../model/contact-links.ts';

interface LinkItem {
  key: string;
  href: string;
  label: string;
  text: string;
  icon: ReactNode;
  external: boolean;
}

export function AboutTab({ company }: { company: Company }) {
  const t = useT();
  const tel = telHref(company.contato);
  const mail = mailtoHref(company.email_contato);
  const whatsapp = whatsappHref(company.whatsapp);
  const instagram = socialHref(company.instagram, 'https://instagram.com/');
  const facebook = socialHref(company.facebook, 'https://facebook.com/');
  const site = siteHref(company.site);
  const links: LinkItem[] = [];
  if (tel)
    links.push({
      key: 'tel',
      href: tel,
      label: t('phone'),
      text: formatBrazilianPhone(company.contato),
      icon: <PhoneIcon />,
      external: false,
    });
  if (mail) {
    links.push({
      key: 'mail',
      href: mail,
      label: t('email'),
      text: company.email_contato,
      icon: <MailIcon />,
      external: false,
    });
  }
  if (whatsapp) {
    links.push({
      key: 'wa',
      href: whatsapp,
      label: 'WhatsApp',
      text: formatBrazilianPhone(company.whatsapp),
      icon: <ChatIcon />,
      external: true,
    });
  }
  if (instagram) {
    links.push({
      key: 'ig',
      href: instagram,
      label: 'Instagram',
      text: displayUrl(instagram),
      icon: <CameraIcon />,
      external: true,
    });
  }
  if (facebook) {
    links.push({
      key: 'fb',
      href: facebook,
      label: 'Facebook',
      text: displayUrl(facebook),
      icon: <ThumbIcon />,
      external: true,
    });
  }
  if (site)
    links.push({
      key: 'site',
      href: site,
      label: t('website'),
      text: displayUrl(site),
      icon: <GlobeIcon />,
      external: true,
    });

  return (
    <div className="about-tab">
      {company.apresentacao
        ? company.apresentacao
            .split(/\n+/)
            .filter(Boolean)
            .map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a static text
              <p key={index}>{paragraph}</p>
            ))
        : null}
      {company.endereco ? (
        <p className="info-line">
          <PlaceIcon className="info-icon" />
          <span>
            <span className="sr-only">{t('address')}: </span>
            {company.endereco}
          </span>
        </p>
      ) : null}
      {links.length > 0 ? (
        <ul className="contact-links">
          {links.map((link) => (
            <li key={link.key}>
              <a
                className="contact-link"
                href={link.href}
                {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <span className="info-icon">{link.icon}</span>
                <span className="contact-text">
                  <span className="contact-label">{link.label}</span>
                  <span className="contact-value">{link.text}</span>
                </span>
                {link.external ? <span className="sr-only"> ({t('opensInNewTab')})</span> : null}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
