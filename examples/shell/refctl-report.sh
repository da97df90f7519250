#!/usr/bin/env bash
# Account report built from refctl's JSON output with jq: who, balance, services, and
# unpaid invoices (all pages). Money is summed in integer cents, never in floats.
#
#   export REF_API_KEY=refak_demo_eur_full
#   ./refctl-report.sh                                                  # refctl on PATH
#   REFCTL="node ../../apps/refctl/dist/refctl.cjs" ./refctl-report.sh   # without refctl on PATH
#
# A refctl failure stops the report with refctl's exit code (4 auth, 5 rate limited, …).
set -euo pipefail

if ! command -v jq >/dev/null 2>&1; then
  echo "refctl-report.sh needs jq (https://jqlang.org/download/); it is not on PATH" >&2
  exit 1
fi

# REFCTL (a command line, split on spaces) or the refctl on PATH: `command` skips this
# function, which would otherwise call itself forever.
if [[ -z "${REFCTL:-}" ]] && ! command -v refctl >/dev/null 2>&1; then
  echo "refctl-report.sh needs refctl on PATH, or REFCTL set to a command that runs it" >&2
  exit 1
fi
refctl() {
  if [[ -n "${REFCTL:-}" ]]; then ${REFCTL} "$@"; else command refctl "$@"; fi
}

# Integer cents → "12.50" (bash integer arithmetic: exact).
money() {
  local cents=$1 sign=''
  if ((cents < 0)); then sign='-' cents=$((-cents)); fi
  printf '%s%d.%02d' "$sign" $((cents / 100)) $((cents % 100))
}

account=$(refctl me -o json)
balance=$(refctl balance -o json)
stats=$(refctl services stats -o json)
unpaid=$(refctl invoices list --paginate -o ndjson | jq -s '[.[] | select(.status == "unpaid")]')

currency=$(jq -r .currency <<<"$balance")
echo "Account   $(jq -r '"\(.first_name) \(.last_name) <\(.email)> \(.account_ref)"' <<<"$account")"
echo "Balance   $(money "$(jq '.amount * 100 | round' <<<"$balance")") $currency"
echo "Services  $(jq -r '"\(.total) total, \(.active) active"' <<<"$stats")"
jq -r '.by_type | to_entries[] | "  \(.key): \(.value)"' <<<"$stats"
echo "Unpaid    $(jq length <<<"$unpaid") invoice(s), $(money "$(jq 'map(.amount * 100 | round) | add // 0' <<<"$unpaid")") $currency"
jq -r '.[] | "\(.invoice_ref)\t\(.issue_date[0:10])\t\(.amount * 100 | round)"' <<<"$unpaid" |
  while IFS=$'\t' read -r ref date cents; do
    echo "  $ref  $date  $(money "$cents")"
  done
