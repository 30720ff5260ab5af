import { CheckIcon } from '../screen-icons.tsx';
import { PixCopyKey } from './pix-copy-key.tsx';
import type { PixT } from './pix-texts.ts';
import './pix.css';

/**
 * A PIX charge's code as the customer pays it: the copy-and-paste key first (paying on this phone),
 * then the QR code for another device. Shared by the customer's PIX screen and a table share's PIX.
 */
export function PixCodeCard({
  copyCode,
  qrImage,
  t,
  qrTexts,
}: {
  copyCode: string | null;
  qrImage: string | null;
  t: PixT;
  qrTexts: { alt: string; hint: string };
}) {
  return (
    <div className="pix-card">
      {copyCode ? <PixCopyKey code={copyCode} t={t} /> : null}
      {qrImage ? (
        <figure className="pix-qr">
          <img src={qrImage} alt={qrTexts.alt} width={200} height={200} />
          <figcaption>{qrTexts.hint}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

/** 'Aguardando o pagamento…' with a spinner, announced politely. */
export function PixWaiting({ text }: { text: string }) {
  return (
    <p role="status" className="pix-waiting">
      <span className="pix-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** A payment confirmed: a tick, the title and a line, announced. */
export function PaymentReceived({ title, text }: { title: string; text?: string }) {
  return (
    <div className="pix-received" role="status">
      <span className="pix-received-icon" aria-hidden="true">
        <CheckIcon width="32" height="32" />
      </span>
      <p className="pix-received-title">{title}</p>
      {text ? <p className="pix-received-text">{text}</p> : null}
    </div>
  );
}
