#!/usr/bin/env bash
# Starts the real server for the browser journeys on a fresh embedded database with the demo stores.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d /tmp/comanda-e2e.XXXXXX)}"
mkdir -p "$DATA_DIR"
export DATABASE_URL=""
export LOG_LEVEL="${LOG_LEVEL:-warn}"
export DEMO_STORES=auto
# The stand-in PSP beside each journey server (the PIX journeys pay on its simulator).
export PSP_STANDIN_PORT="${PSP_STANDIN_PORT:-$((${PORT:-3000} + 10))}"
export PSP_STANDIN_TLS_PORT="${PSP_STANDIN_TLS_PORT:-$((${PORT:-3000} + 20))}"
# The stand-in Graph API (WhatsApp) beside it: Forno & Brasa's order updates and codes go there.
export WHATSAPP_STANDIN_PORT="${WHATSAPP_STANDIN_PORT:-$((${PORT:-3000} + 30))}"

# TEST-ONLY fixtures of the account journeys (e2e/accounts.e2e.ts), on unless E2E_ACCOUNT_FIXTURES=0
# (which starts the server exactly as the three lines above). The other journeys cannot tell them
# apart: same stores, one more account, the same replies.
if [[ "${E2E_ACCOUNT_FIXTURES:-1}" == 1 ]]; then
  # Many sign-ups and sign-ins from one address; cheap password hashes.
  export RATE_LIMIT_MULTIPLIER="${RATE_LIMIT_MULTIPLIER:-100}"
  export PASSWORD_HASH_COST="${PASSWORD_HASH_COST:-12}"
  # The demo stores, sakura-mesa (sakura whose counter seats pay at the table, cards through Stripe's
  # shape) and a staff account at each of the three, put in by e2e/support/seed-journeys.ts while no
  # server holds the database. A fresh database is a copy of one seeded database per content of the
  # code and settings that make it: the journeys' and screens' four servers seed once, not four times.
  if [[ -n "$(ls -A "$DATA_DIR")" ]]; then
    node --import tsx e2e/support/seed-journeys.ts
  else
    seed_key="$(
      {
        find apps/server/src packages/domain/src e2e/support/seed-journeys.ts -type f -print0 |
          sort -z | xargs -0 sha1sum
        env | grep -E '^(PASSWORD_HASH_COST|PAYMENT_SECRETS_KEY|E2E_(STAFF|SAKURA)[A-Z_]*)=' | sort
      } | sha1sum | cut -c1-16
    )"
    seeded="${TMPDIR:-/tmp}/comanda-e2e-seeded-$seed_key"
    (
      flock 9
      if [[ ! -d "$seeded" ]]; then
        rm -rf "$seeded.partial"
        mkdir -p "$seeded.partial"
        DATA_DIR="$seeded.partial" node --import tsx e2e/support/seed-journeys.ts
        mv "$seeded.partial" "$seeded"
      fi
    ) 9>"$seeded.lock"
    cp -a "$seeded/." "$DATA_DIR/"
  fi
  # The journeys read recovery codes from the SMS stand-in's outbox page (GET /_dev/sms) or, for
  # Forno & Brasa (its WhatsApp is the stand-in's), from the stand-in WhatsApp (WHATSAPP_STANDIN_PORT).
fi
exec node --max-semi-space-size=2 apps/server/dist/main.mjs
