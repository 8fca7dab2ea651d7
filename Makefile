# specforge: `make` installs, builds, lints every contract, generates everything and builds the docs;
# `make test` runs the whole suite; `make bench` runs the benchmarks.
NPM ?= npm
NODE ?= node
CLI := $(NODE) dist/src/cli/main.js

.PHONY: all install build lint generate check docs chromium test test-durations typecheck format format-check lint-code bench clean

all: install build lint generate docs

# What the build reads: a change to any of them builds again.
BUILD_INPUTS := $(shell find src generators -name '*.ts' -not -name '*.d.ts' -not -path '*/dist/*' -not -path '*/node_modules/*' 2>/dev/null) tsconfig.json src/runtime/tsconfig.json src/runtime/package.json package.json

# npm ci runs the `prepare` script, which builds dist/ (the same build as below, so it is marked built).
node_modules/.specforge-installed: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@
	@mkdir -p dist && touch dist/.specforge-built

install: node_modules/.specforge-installed

build: dist/.specforge-built

# (make decides before npm ci runs, so the recipe asks again whether an input is newer than the mark.)
dist/.specforge-built: node_modules/.specforge-installed $(BUILD_INPUTS)
	@if [ -f $@ ] && [ -z "$$(find $^ -newer $@ 2>/dev/null | head -n 1)" ]; then echo "dist/ is up to date (built by npm ci)"; else \
	  set -e; \
	  echo "rm -rf src/runtime/dist && tsc -p src/runtime/tsconfig.json && tsc -p tsconfig.json"; \
	  rm -rf src/runtime/dist; \
	  $(NODE) node_modules/typescript/bin/tsc -p src/runtime/tsconfig.json; \
	  $(NODE) node_modules/typescript/bin/tsc -p tsconfig.json; \
	fi
	@touch $@

lint: build
	$(CLI) lint

generate: build
	$(CLI) generate

check: build
	$(CLI) check

docs: build
	$(CLI) docs

typecheck: build
	$(NODE) node_modules/typescript/bin/tsc -p tsconfig.test.json
	$(NODE) node_modules/typescript/bin/tsc -p tsconfig.generated.json

# The docs-site test opens the docs in Debian's chromium (playwright-core drives it and downloads no browser).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The docs-samples test runs the docs' curl samples with Debian's curl: installed with it when missing.
chromium:
	@[ -x /usr/bin/chromium ] && [ -x /usr/bin/curl ] || ($(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium curl)

# The committed generated/ must be what the contracts produce: test/e2e/cli-generate.test.ts runs
# `specforge check` on this repository (drift fails the suite).
test: build chromium format-check lint-code
	$(NODE) node_modules/vitest/vitest.mjs run

# The house style is Prettier's (.prettierrc.json; .prettierignore keeps generated code and fixtures
# out): `make format` writes it, `make test` fails on a file that differs from it.
PRETTIER := $(NODE) node_modules/prettier/bin/prettier.cjs
FORMATTED := 'src/**/*.ts' 'generators/**/*.ts' 'test/**/*.ts' 'bench/**/*.ts' 'examples/*/src/**/*.ts' 'examples/*/src/**/*.tsx' 'examples/*/*.ts' '*.ts' eslint.config.js
format: install
	$(PRETTIER) --write --log-level warn $(FORMATTED)

format-check: install
	$(PRETTIER) --check --log-level warn $(FORMATTED)

# The linter (eslint.config.js): floating promises, exhaustive switches, unused code, no any; typed by tsconfig.test.json.
lint-code: install
	$(NODE) node_modules/eslint/bin/eslint.js --max-warnings 0 --cache --cache-location node_modules/.cache/eslint/ .

# Rewrites test/durations.json (the seconds each test file took, which test/sequencer.ts starts longest
# first) from a full run of the suite.
test-durations: build chromium
	mkdir -p test/.tmp
	$(NODE) node_modules/vitest/vitest.mjs run --reporter=default --reporter=json --outputFile.json=test/.tmp/durations-report.json
	$(NODE) -e 'const fs = require("fs"), path = require("path"); const r = JSON.parse(fs.readFileSync("test/.tmp/durations-report.json", "utf8")); const d = r.testResults.map((t) => [path.relative(process.cwd(), t.name), Math.round((t.endTime - t.startTime) / 100) / 10]).sort((a, b) => b[1] - a[1]); fs.writeFileSync("test/durations.json", JSON.stringify(Object.fromEntries(d), null, 1) + "\n")'

bench: build
	$(NODE) node_modules/typescript/bin/tsc -p tsconfig.bench.json
	$(NODE) dist/bench/generate.bench.js
	$(NODE) dist/bench/mock.bench.js
	$(NODE) dist/bench/request-path.bench.js
	$(NODE) dist/bench/soak.bench.js
	$(NODE) dist/bench/conformance.bench.js
	$(NODE) dist/bench/diff.bench.js
	$(NODE) dist/bench/lint.bench.js
	$(NODE) dist/bench/docs.bench.js
	$(NODE) dist/bench/first-answer.bench.js --commands mock,test,proxy,server,runner
	$(NODE) dist/bench/frontend.bench.js
	$(NODE) --expose-gc dist/bench/sse-stream.bench.js

clean:
	rm -rf dist .specforge-cache bench/.out test/.tmp
