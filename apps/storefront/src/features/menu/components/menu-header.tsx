import type { Company } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { ClockIcon } from '../../../components/icons.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { scheduleText } from '../../../lib/schedule-times.ts';
import { useLocalMode } from '../../../lib/source.ts';

/** The hero image is laid out at this ratio whatever its file's size, so nothing moves when it loads. */
export const HERO_WIDTH = 1100;
export const HERO_HEIGHT = 440;

function minutesRange(range: string, fallbackMinutes: number): string {
  return range.trim() || String(fallbackMinutes);
}

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The store header of the menu home: background image or looping muted video, the logo when the
 * store shows it on the banner, open/closed, delivery and pickup times, minimum order.
 */
export function MenuHeader({ company }: { company: Company }) {
  const t = useT();
  const localMode = useLocalMode();
  const language = useLanguage();
  const open = company.loja_aberta;
  const paused = !open && company.pausada === true;
  // When a closed store takes orders again, on its clock: 'Abre hoje às 18:00', 'Volta amanhã às 11:30'.
  const when =
    !open && company.reabre_em
      ? scheduleText(company.reabre_em, new Date(), language, company.time_zone)
      : null;
  const reason = paused ? company.motivo_pausa?.trim() : '';
  const statusLine = [reason, when ? t(paused ? 'resumesAt' : 'opensAt', { when }) : '']
    .filter(Boolean)
    .join(' · ');
  const showVideo = company.bg_video && !prefersReducedMotion();
  const showLogo = company.mostrar_logo_banner && company.logo;
  return (
    <section
      className={showLogo ? 'menu-hero' : 'menu-hero menu-hero-no-logo'}
      aria-label={t('storeHeaderLabel')}
    >
      <div className="hero-media">
        {showVideo ? (
          <video
            className="hero-image"
            src={company.bg_video ?? undefined}
            poster={company.bg_image ?? undefined}
            width={HERO_WIDTH}
            height={HERO_HEIGHT}
            autoPlay
            muted
            loop
            playsInline
            preload="metadata"
          />
        ) : company.bg_image ? (
          <img
            className="hero-image"
            src={company.bg_image}
            alt=""
            width={HERO_WIDTH}
            height={HERO_HEIGHT}
            fetchPriority="high"
          />
        ) : (
          <div className="hero-image hero-fallback" />
        )}
        {showLogo ? (
          <img
            className="hero-logo"
            src={company.logo ?? undefined}
            alt={t('logoAlt', { name: company.nome })}
            width={72}
            height={72}
            decoding="async"
          />
        ) : null}
      </div>
      <div className="hero-info">
        <span className={open ? 'status-chip status-open' : 'status-chip status-closed'}>
          {open ? t('storeOpen') : paused ? t('storePaused') : t('storeClosed')}
        </span>
        {statusLine ? <span className="hero-reopens">{statusLine}</span> : null}
        <ul className="hero-facts">
          {/* At a table nothing is delivered or picked up: no such times. */}
          {company.permite_entrega && !localMode ? (
            <li>
              <ClockIcon className="fact-icon" width="18" height="18" />
              {t('deliveryTime', {
                range: minutesRange(company.tempo_entregar_minutos, company.delivery_time),
              })}
            </li>
          ) : null}
          {company.permite_busca && !localMode ? (
            <li>
              <ClockIcon className="fact-icon" width="18" height="18" />
              {t('pickupTime', { range: minutesRange(company.tempo_buscar_minutos, company.pickup_time) })}
            </li>
          ) : null}
          {company.valor_minimo > 0 && !localMode ? (
            <li>{t('minimumOrder', { amount: formatBRL(company.valor_minimo) })}</li>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
