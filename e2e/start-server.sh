#!/usr/bin/env bash
# Starts the real server for the browser journeys on a fresh embedded database with the demo stores.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${E2E_DATA_DIR:-$(mktemp -d /tmp/comanda-e2e.XXXXXX)}"
export DATABASE_URL=""
export LOG_LEVEL="${LOG_LEVEL:-warn}"
export DEMO_STORES=auto
# The stand-in PSP beside each journey server (the PIX journeys pay on its simulator).
export PSP_STANDIN_PORT="${PSP_STANDIN_PORT:-$((${PORT:-3000} + 10))}"
export PSP_STANDIN_TLS_PORT="${PSP_STANDIN_TLS_PORT:-$((${PORT:-3000} + 20))}"

# TEST-ONLY fixtures of the account journeys (e2e/accounts.e2e.ts), on unless E2E_ACCOUNT_FIXTURES=0
# (which starts the server exactly as the three lines above). The other journeys cannot tell them
# apart: same stores, one more account, the same replies.
if [[ "${E2E_ACCOUNT_FIXTURES:-1}" == 1 ]]; then
  # Many sign-ups and sign-ins from one address; cheap password hashes.
  export RATE_LIMIT_MULTIPLIER="${RATE_LIMIT_MULTIPLIER:-100}"
  export PASSWORD_HASH_COST="${PASSWORD_HASH_COST:-12}"
  # A staff account, made with the staff:create command while no server holds the database (a
  # reused E2E_DATA_DIR already has it: the command refuses, the journeys go on).
  STAFF_PASSWORD="${E2E_STAFF_PASSWORD:-equipe-e2e-senha}" node --import tsx e2e/support/seed-staff.ts \
    --store pizzaria --phone "${E2E_STAFF_PHONE:-11955550100}" --name "Equipe E2E" >/dev/null ||
    echo "start-server: no new staff account (see above)" >&2
  # And one at sakura, for the staff app's screenshots of both stores.
  STAFF_PASSWORD="${E2E_STAFF_PASSWORD:-equipe-e2e-senha}" node --import tsx e2e/support/seed-staff.ts \
    --store sakura --phone "${E2E_SAKURA_STAFF_PHONE:-11955550101}" --name "Equipe Sakura" >/dev/null ||
    echo "start-server: no new sakura staff account (see above)" >&2
  # sakura-mesa: sakura whose counter seats pay at the table, so a tab has shares to pay by card
  # through Stripe's shape (e2e/support/seed-table-card-store.ts), with a staff account.
  node --import tsx e2e/support/seed-table-card-store.ts >/dev/null ||
    echo "start-server: no sakura-mesa store (see above)" >&2
  STAFF_PASSWORD="${E2E_STAFF_PASSWORD:-equipe-e2e-senha}" node --import tsx e2e/support/seed-staff.ts \
    --store sakura-mesa --phone "${E2E_SAKURA_MESA_STAFF_PHONE:-11955550102}" --name "Equipe Balcão" >/dev/null ||
    echo "start-server: no new sakura-mesa staff account (see above)" >&2
  # The journeys read recovery codes from the SMS stand-in's outbox page (GET /_dev/sms).
fi
exec node --max-semi-space-size=2 --import tsx apps/server/src/main.ts
