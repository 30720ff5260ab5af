import type {
  WhatsappConversation,
  WhatsappConversationReply,
  WhatsappConversationsReply,
  WhatsappMessage,
  WhatsappStaffEvent,
} from '@comanda/contract';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { readBoot } from '../../lib/boot.ts';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';
import { StaffApiError, staffFetch } from '../lib/staff-api.ts';
import { failureText, useWhatsappWordsT } from '../lib/whatsapp-failures.ts';
import { unreadTotal, whatsappPhoneText } from '../lib/whatsapp-words.ts';
import {
  conversationName,
  heardMessage,
  type ListTime,
  listTime,
  messageOrigin,
  messageTime,
  replyWindow,
  type StatusMark,
  statusMark,
} from './inbox-model.ts';
import { type InboxT, useInboxT } from './whatsapp-texts.ts';
import './whatsapp.css';

/*
 * The store's WhatsApp inbox (issue 36, docs/decisions/0073): the conversations newest first, one
 * conversation's bubbles with their ticks, and the reply box within the 24-hour window. Live through
 * the board's stream (`whatsapp.message`, handed in as `heard`); its own chunk.
 */

/** Ticks and statuses change by Meta's webhooks, which the stream does not carry: read again meanwhile. */
const REFRESH_MS = 15_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function timeText(time: ListTime, t: InboxT): string {
  return time.kind === 'yesterday' ? t('yesterday') : time.text;
}

function bubbleTimeText(time: ReturnType<typeof messageTime>, t: InboxT): string {
  return time.day ? `${timeText(time.day, t)} ${time.clock}` : time.clock;
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface WhatsappInboxProps {
  /** The last `whatsapp.message` the board's stream heard (a new object each time). */
  heard: WhatsappStaffEvent | null;
  /** The unread total, for the tab's badge. */
  onUnread: (total: number) => void;
}

export default function WhatsappInbox({ heard, onUnread }: WhatsappInboxProps) {
  const t = useInboxT();
  const now = useNow();
  const zone = pageStoreTimeZone();
  const [list, setList] = useState<WhatsappConversation[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const openRef = useRef(openId);
  openRef.current = openId;

  const lastRead = useRef(0);
  const load = useCallback(async () => {
    // Only the newest read is shown: an older reply coming back later would drop a message.
    const read = ++lastRead.current;
    try {
      const reply = await staffFetch<WhatsappConversationsReply>('/staff/whatsapp/conversations');
      if (read !== lastRead.current) return;
      setList(reply.conversas);
      setFailed(null);
    } catch (error) {
      if (read === lastRead.current) setFailed(errorDetail(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!heard) return;
    let known = true;
    setList((current) => {
      // Still loading: that reply may have been read before this message arrived.
      if (!current) {
        known = false;
        return current;
      }
      const next = heardMessage(current, heard, openRef.current);
      known = next.known;
      return next.conversations;
    });
    if (!known) void load();
  }, [heard, load]);

  useEffect(() => {
    if (list) onUnread(unreadTotal(list));
  }, [list, onUnread]);

  const open = list?.find((conversation) => conversation.id === openId) ?? null;
  if (open) {
    return (
      <ConversationView
        key={open.id}
        summary={open}
        heard={heard?.conversa_id === open.id ? heard : null}
        now={now}
        zone={zone}
        t={t}
        onBack={() => {
          setOpenId(null);
          void load();
        }}
        onRead={(conversation) =>
          setList(
            (current) =>
              current?.map((each) =>
                each.id === conversation.id ? { ...conversation, nao_lidas: 0 } : each,
              ) ?? current,
          )
        }
      />
    );
  }

  return (
    <main className="staff-controls wa-inbox">
      <section className="staff-card wa-list-card" aria-labelledby="wa-inbox-title">
        <h2 id="wa-inbox-title">{t('title')}</h2>
        {failed && !list ? (
          <div role="alert" className="wa-problem">
            <p className="staff-error">{t('loadFailed', { detail: failed })}</p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void load()}
            >
              {t('tryAgain')}
            </button>
          </div>
        ) : null}
        {list === null && !failed ? <p className="staff-muted">{t('loading')}</p> : null}
        {list?.length === 0 ? <p className="staff-muted">{t(channelOn() ? 'none' : 'channelOff')}</p> : null}
        {list && list.length > 0 ? (
          <ul className="wa-list">
            {list.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow
                  conversation={conversation}
                  time={timeText(listTime(conversation.ultima_em, now, zone), t)}
                  t={t}
                  onOpen={() => setOpenId(conversation.id)}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  );
}

/** Whether the store's WhatsApp channel is on (the page's store config). */
function channelOn(): boolean {
  return readBoot().company?.[0]?.whatsapp_canal?.ativo === true;
}

function initialOf(name: string): string {
  const letter = /\p{L}/u.exec(name)?.[0];
  return letter ? letter.toLocaleUpperCase('pt-BR') : '#';
}

function ConversationRow({
  conversation,
  time,
  t,
  onOpen,
}: {
  conversation: WhatsappConversation;
  time: string;
  t: InboxT;
  onOpen: () => void;
}) {
  const name = conversationName(conversation);
  const unread = conversation.nao_lidas;
  return (
    <button type="button" className="wa-row" data-unread={unread > 0 || undefined} onClick={onOpen}>
      <span className="wa-avatar" aria-hidden="true">
        {initialOf(name)}
      </span>
      <span className="wa-row-text">
        <span className="wa-row-top">
          <span className="wa-row-name">{name}</span>
          <span className="wa-row-time">{time}</span>
        </span>
        <span className="wa-row-bottom">
          <span className="wa-row-last">
            {conversation.ultima_direcao === 'saida'
              ? t('lastFromStore', { text: conversation.ultima_mensagem })
              : conversation.ultima_mensagem}
          </span>
          {unread > 0 ? (
            <span className="wa-unread">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{t('unread', { count: unread })}</span>
            </span>
          ) : null}
        </span>
        {conversation.precisa_atendente ? <span className="wa-flag">{t('needsPerson')}</span> : null}
      </span>
    </button>
  );
}

const TICK: Record<StatusMark['kind'], string> = {
  queued: '◷',
  sent: '✓',
  delivered: '✓✓',
  read: '✓✓',
  failed: '!',
};

function Bubble({ message, now, zone, t }: { message: WhatsappMessage; now: Date; zone: string; t: InboxT }) {
  const words = useWhatsappWordsT();
  const mark = statusMark(message);
  const origin = messageOrigin(message);
  const direction = message.direcao === 'entrada' ? 'in' : 'out';
  return (
    <li className="wa-bubble" data-direction={direction} data-origin={origin ?? undefined}>
      <span className="sr-only">{direction === 'in' ? t('customer') : t('you')}: </span>
      {origin ? <span className="wa-origin">{t(`origin_${origin}`)}</span> : null}
      <p className="wa-text">{message.texto}</p>
      <span className="wa-meta">
        <span>{bubbleTimeText(messageTime(message.em, now, zone), t)}</span>
        {mark ? (
          <span className="wa-tick" data-status={mark.kind}>
            <span aria-hidden="true">{TICK[mark.kind]}</span>
            <span className="sr-only">{t(`status_${mark.kind}`)}</span>
          </span>
        ) : null}
      </span>
      {message.status === 'falhou' ? (
        <p className="wa-failure">
          {t('failedBecause', {
            reason: message.erro ? failureText(message.erro, words) : t('status_failed'),
          })}
        </p>
      ) : null}
    </li>
  );
}

function ConversationView({
  summary,
  heard,
  now,
  zone,
  t,
  onBack,
  onRead,
}: {
  summary: WhatsappConversation;
  heard: WhatsappStaffEvent | null;
  now: Date;
  zone: string;
  t: InboxT;
  onBack: () => void;
  onRead: (conversation: WhatsappConversation) => void;
}) {
  const [reply, setReply] = useState<WhatsappConversationReply | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const replyId = useId();
  const readRef = useRef(onRead);
  readRef.current = onRead;

  const lastRead = useRef(0);
  const load = useCallback(async () => {
    // As the list: a reply older than the newest read is dropped.
    const readNumber = ++lastRead.current;
    try {
      const read = await staffFetch<WhatsappConversationReply>(`/staff/whatsapp/conversations/${summary.id}`);
      if (readNumber !== lastRead.current) return;
      setReply(read);
      setFailed(null);
      readRef.current(read.conversa);
    } catch (error) {
      if (readNumber === lastRead.current) setFailed(errorDetail(error));
    }
  }, [summary.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a message for it is heard
  useEffect(() => {
    void load();
  }, [load, heard]);

  useEffect(() => {
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const count = reply?.mensagens.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives
  useEffect(() => {
    const list = listRef.current;
    if (list) list.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const conversation = reply?.conversa ?? summary;
  const name = conversationName(conversation);
  const windowState = replyWindow(conversation, now, zone);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const texto = text.trim();
    if (!texto || sending || !windowState.open) return;
    setSending(true);
    setSendProblem(null);
    try {
      const sent = await staffFetch<WhatsappMessage>(`/staff/whatsapp/conversations/${summary.id}/messages`, {
        method: 'POST',
        json: { texto },
      });
      setText('');
      setReply((current) => (current ? { ...current, mensagens: [...current.mensagens, sent] } : current));
    } catch (error) {
      if (error instanceof StaffApiError && error.code === 'WHATSAPP_WINDOW_CLOSED') {
        setSendProblem(t('windowClosedNow'));
        void load();
      } else setSendProblem(t('sendFailed', { detail: errorDetail(error) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="wa-conversation" aria-labelledby={titleId}>
      <header className="wa-head">
        <button type="button" className="button button-secondary button-small" onClick={onBack}>
          ‹ {t('back')}
        </button>
        <div className="wa-head-who">
          <h2 id={titleId}>
            <span className="sr-only">{t('conversationWith', { name })}</span>
            <span aria-hidden="true">{name}</span>
          </h2>
          {conversation.cliente_nome ? (
            <span className="staff-muted">{whatsappPhoneText(conversation.telefone)}</span>
          ) : null}
        </div>
      </header>
      {failed && !reply ? (
        <div role="alert" className="wa-problem staff-pad">
          <p className="staff-error">{t('loadFailed', { detail: failed })}</p>
          <button type="button" className="button button-secondary button-small" onClick={() => void load()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {reply === null && !failed ? <p className="staff-muted staff-pad">{t('loading')}</p> : null}
      {reply ? (
        reply.mensagens.length === 0 ? (
          <p className="staff-muted staff-pad">{t('empty')}</p>
        ) : (
          <ol ref={listRef} className="wa-messages" aria-label={t('messages')}>
            {reply.mensagens.map((message) => (
              <Bubble key={message.id} message={message} now={now} zone={zone} t={t} />
            ))}
          </ol>
        )
      ) : null}
      <form className="wa-reply" onSubmit={send} aria-describedby={`${replyId}-window`}>
        <p
          id={`${replyId}-window`}
          className={windowState.open ? 'wa-window staff-muted' : 'wa-window wa-window-closed'}
        >
          {windowState.open ? t('windowOpen', { until: windowState.until }) : t('windowClosed')}
        </p>
        {sendProblem ? (
          <p className="staff-error" role="alert">
            {sendProblem}
          </p>
        ) : null}
        <div className="wa-reply-row">
          <label htmlFor={replyId} className="sr-only">
            {t('replyLabel')}
          </label>
          <textarea
            id={replyId}
            rows={2}
            maxLength={4096}
            placeholder={t('replyPlaceholder')}
            value={text}
            disabled={!windowState.open}
            onChange={(event) => setText(event.target.value)}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={!windowState.open || text.trim() === ''}
            aria-busy={sending}
          >
            {sending ? t('sending') : t('send')}
          </button>
        </div>
      </form>
    </main>
  );
}
