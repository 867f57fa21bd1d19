#!/bin/sh
# The battlescribe-spec adapter (tests/bsspec/adapter, issue 21) without the suite: a
# hand-written protocol session (tests/bsspec/smoke/session.jsonl) must answer every command
# with its corrId, build the roster through Muster's files and report Muster's cost and error;
# and, when python3-yaml is there, tests/bsspec/run must pass the one spec of
# tests/bsspec/smoke. Prints TAP. Needs MUSTER and srcdir, as `make check` sets.
set -u
: "${MUSTER:?MUSTER must name the muster program}"
. "${srcdir:-.}/tests/tap.sh"
need python3
temp_dir bsspec
s=$top/tests/bsspec
export MUSTER

python3 "$s/adapter" <"$s/smoke/session.jsonl" >"$out" 2>"$err"
result "adapter: runs the session" "$([ $? -eq 0 ] || echo "exit status $?")" "$err"
python3 - "$out" >"$tmp/check" 2>&1 <<'PY'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
def want(cond, what):
    print(("ok " if cond else "not ok ") + what)
want(len(r) == 10, "10 answers")
want([x.get("corrId") for x in r] == list(range(1, 11)), "corrIds echoed in order")
want(r[0]["type"] == "describeResult" and r[0]["protocolVersion"] == "1.1", "describe: v1.1")
want(r[1] == {"type": "setupResult", "errors": [], "corrId": 2}, "setup: no errors")
want(r[3]["outputs"]["selections"].get("lamp-el-wick") == "mst-3", "selectEntry: auto-selected wick")
st = r[4]
sel = st["forces"][0]["selections"][0]
want(st["costs"] == [{"name": "oil", "typeId": "lamp-oil", "value": 9, "hidden": False}], "state: roster costs 9 oil")
want(sel["children"][0]["entryId"] == "lamp-el-wick::lamp-sse-wick", "state: link entry id")
want(st["validationErrors"] == [], "state: legal")
errs = r[6]["errors"]
want(errs and all(e["constraintId"] == "lamp-con-max" and e["entryId"] == "lamp-se-keeper"
                  for e in errs), "errors: the roster max, mapped back to its constraint")
want(r[7]["ok"] is False and "lamp-se-nothing" in r[7]["error"], "unknown entry: ok false")
want(r[8]["type"] == "rosterXmlResult" and "<roster " in r[8]["xml"], "exportRosterXml")
want(r[9]["type"] == "teardownResult", "teardown")
PY
while IFS= read -r line; do
	case $line in
	"ok "*) ok "adapter: ${line#ok }" ;;
	*) not_ok "adapter: ${line#not ok }" "$tmp/check" "$out" ;;
	esac
done <"$tmp/check"

if python3 -c 'import yaml' 2>/dev/null; then
	python3 "$s/run" --known=/dev/null "$s/smoke" >"$out" 2>"$err"
	st=$?
	result "run: the smoke spec passes" "$([ $st -eq 0 ] || echo "exit status $st")" "$out" "$err"
	ok_if "run: prints PASS and the total" grep -q "^PASS lamp-smoke" "$out"
	ok_if "run: hidden selections and costs reported" grep -q "^PASS lamp-hidden" "$out"
	ok_if "run: zero costs of undeclared types left out of the state" grep -q "^PASS lamp-costs" "$out"
	ok_if "run: the .ros export matches its snapshots" grep -q "^PASS lamp-export" "$out"
	# The same spec against a snapshot one byte off, and against the base (New Recruit's form).
	mkdir -p "$tmp/bad" && cp "$s"/smoke/specs/roster/lamp-export.* "$tmp/bad/"
	sed 's/value="0.5"/value="0.6"/' "$s/smoke/specs/roster/lamp-export.exported.battlescribe.ros" \
		>"$tmp/bad/lamp-export.exported.battlescribe.ros"
	python3 "$s/run" --known=/dev/null "$tmp/bad" >"$out" 2>"$err"
	st=$?
	result "run: a snapshot one byte off fails" "$([ $st -eq 1 ] || echo "exit status $st")" "$out" "$err"
	ok_if "run: names the first line that differs" grep -q "battlescribe.ros): 21 line(s) expected, 21 got; first diff at line 4" "$out"
	python3 "$s/run" --known=/dev/null --family=none "$s/smoke" lamp-export >"$out" 2>"$err"
	ok_if "run: the base snapshot read without a family" grep -q "^FAIL lamp-export: .*(lamp-export.exported.ros)" "$out"
else
	skip "run: the smoke spec" "no python3-yaml"
fi
tap_done
