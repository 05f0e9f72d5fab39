#!/usr/bin/env bash
# drizzle-kit qualifies references with "public"; the migrations must follow search_path instead,
# so that tests (and deployments) can run them in a schema of their own.
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit generate --config=drizzle.config.ts "$@"
sed -i 's/"public"\.//g' src/db/migrations/*.sql
