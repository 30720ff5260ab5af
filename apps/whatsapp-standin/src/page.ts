import type { StandinState } from './state.ts';

/*
 * The simulator page: a phone's chat list and the open chat, where a person reads what the store
 * sent and answers as the customer (or writes to the store as a new customer). Local only.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const linkify = (html: string) =>
  html.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1" target="_blank" rel="noreferrer">$1</a>');
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });
const TICKS: Record<string, string> = {
  sent: '✓',
  delivered: '✓✓',
  read: '<span class="read">✓✓</span>',
  failed: '⚠ não entregue',
  received: '',
};

export function simulatorPage(
  state: StandinState,
  open: { phoneNumberId: string; waId: string } | null,
): string {
  const conversations = [...state.conversations].sort(
    (a, b) => Date.parse(b.messages.at(-1)?.at ?? '0') - Date.parse(a.messages.at(-1)?.at ?? '0'),
  );
  const businessName = (phoneNumberId: string) =>
    state.accounts.find((account) => account.phoneNumberId === phoneNumberId)?.name ?? phoneNumberId;
  const current = open
    ? state.conversations.find((c) => c.phoneNumberId === open.phoneNumberId && c.waId === open.waId)
    : undefined;
  const list = conversations
    .map((conversation) => {
      const last = conversation.messages.at(-1);
      const key = `${conversation.phoneNumberId}:${conversation.waId}`;
      return `<a class="chat${current === conversation ? ' on' : ''}" href="/?c=${encodeURIComponent(key)}">
  <strong>${escapeHtml(businessName(conversation.phoneNumberId))}</strong><small>${last ? clock(last.at) : ''}</small>
  <span>+${escapeHtml(conversation.waId)} · ${escapeHtml((last?.text ?? '').slice(0, 60))}</span></a>`;
    })
    .join('');
  const bubbles = current
    ? current.messages
        .map(
          (message) => `<div class="msg ${message.direction}">
  ${message.template ? `<em>${escapeHtml(message.template)}</em>` : ''}
  <p>${linkify(escapeHtml(message.text))}</p>
  ${message.copyCode ? `<button type="button" class="copy" data-code="${escapeHtml(message.copyCode)}">Copiar código</button>` : ''}
  <small>${clock(message.at)} ${message.direction === 'out' ? (TICKS[message.status] ?? '') : ''}</small></div>`,
        )
        .join('')
    : '<p class="empty">Escolha uma conversa ou escreva para a loja como um cliente novo.</p>';
  const accounts = state.accounts
    .map(
      (account) =>
        `<option value="${escapeHtml(account.phoneNumberId)}">${escapeHtml(account.name)} (${escapeHtml(account.displayPhoneNumber || account.phoneNumberId)})</option>`,
    )
    .join('');
  const composer = current
    ? `<form method="post" action="/simulator/reply" class="composer">
  <input type="hidden" name="phone_number_id" value="${escapeHtml(current.phoneNumberId)}">
  <input type="hidden" name="from" value="${escapeHtml(current.waId)}">
  <input name="text" placeholder="Responder como o cliente" autocomplete="off" required aria-label="Mensagem">
  <button>Enviar</button></form>`
    : `<form method="post" action="/simulator/reply" class="composer new">
  <select name="phone_number_id" aria-label="Loja">${accounts}</select>
  <input name="from" placeholder="Telefone do cliente (5511999990000)" required aria-label="Telefone">
  <input name="name" placeholder="Nome no WhatsApp" aria-label="Nome">
  <input name="text" placeholder="Mensagem para a loja" required aria-label="Mensagem">
  <button>Enviar</button></form>`;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>WhatsApp local (simulador)</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#d9dbd5;color:#111b21}
.phone{max-width:420px;margin:0 auto;min-height:100vh;background:#efeae2;display:flex;flex-direction:column}
header{background:#008069;color:#fff;padding:14px 16px}.back{color:#fff;font-size:.85rem;display:inline-block;margin-bottom:6px}header h1{font-size:1.05rem;margin:0}header p{margin:2px 0 0;font-size:.8rem;opacity:.85}
nav{background:#fff;max-height:35vh;overflow:auto}
.chat{display:grid;grid-template-columns:1fr auto;gap:2px 8px;padding:10px 16px;border-bottom:1px solid #e9edef;color:inherit;text-decoration:none}
.chat.on{background:#f0f2f5}.chat span{grid-column:1/3;color:#667781;font-size:.85rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.chat small{color:#667781}
main{flex:1;padding:12px;display:flex;flex-direction:column;gap:6px;overflow:auto}
.msg{max-width:85%;padding:6px 10px 4px;border-radius:8px;box-shadow:0 1px .5px rgba(0,0,0,.13)}
.msg p{margin:0;white-space:pre-wrap;word-break:break-word}.msg em{display:block;font-size:.7rem;color:#667781}
.msg small{display:block;text-align:right;font-size:.7rem;color:#667781}.read{color:#53bdeb}
.msg.in{align-self:flex-end;background:#d9fdd3}.msg.out{align-self:flex-start;background:#fff}
.copy{margin:6px 0 2px;width:100%;border:0;border-top:1px solid #e9edef;background:none;color:#027eb5;padding:6px;cursor:pointer}
.empty{color:#667781;text-align:center;margin-top:24px}
.composer{display:flex;flex-wrap:wrap;gap:6px;padding:8px;background:#f0f2f5}
.composer input,.composer select{flex:1 1 160px;padding:10px 12px;border:0;border-radius:20px;font:inherit}
.composer button{padding:10px 16px;border:0;border-radius:20px;background:#008069;color:#fff;font:inherit;cursor:pointer}
</style></head><body><div class="phone">
<header>${current ? '<a class="back" href="/">← Conversas · nova conversa</a>' : ''}<h1>WhatsApp local: simulador</h1><p>${
    current
      ? `Você é +${escapeHtml(current.waId)} (${escapeHtml(current.name)}) conversando com ${escapeHtml(businessName(current.phoneNumberId))}.`
      : 'Mensagens da loja de demonstração; responda como o cliente.'
  }</p></header>
<nav aria-label="Conversas">${list || '<p class="empty">Nenhuma conversa ainda.</p>'}</nav>
<main>${bubbles}</main>
${composer}
</div>
<script>
document.addEventListener('click',function(e){var b=e.target.closest('.copy');if(b&&navigator.clipboard){navigator.clipboard.writeText(b.dataset.code);b.textContent='Copiado';}});
var m=document.querySelector('main');m.scrollTop=m.scrollHeight;
setInterval(function(){var t=document.querySelector('.composer input[name=text]');if(!t||t.value==='')location.reload();},4000);
</script></body></html>`;
}
