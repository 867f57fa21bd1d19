# bench/gen-bs.awk - the writer behind bench/gen-bs.sh (see there): BattleScribe 2.03 data
# and rosters, deterministic.
#
# Copyright (c) 2026 The Muster developers. Licensed under the GPL, version 3 or later.
#
# Variables: ncat, units, sizes, batch, out.

function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function pick(n) { return int(rnd() * n) }
function nid(   s) { s = sprintf("%04x-%04x-%04x-%04x", fno, int(idn / 65536) % 65536, idn % 65536, (idn * 40503) % 65536); idn++; return s }
function word(   s) { return toupper(substr(syl[pick(nsyl)], 1, 1)) substr(syl[pick(nsyl)], 2) syl[pick(nsyl)] }
function name2() { return word() " " word() }
function bool(b) { return b ? "true" : "false" }
function cons(ind, type, val, scope, field, id, extra) {
	print ind "<constraint type=\"" type "\" value=\"" val "\" field=\"" field "\" scope=\"" scope "\" shared=\"true\" id=\"" id "\" includeChildSelections=\"" extra "\" percentValue=\"false\"/>" > f
}
function cond(ind, type, val, scope, field, child) {
	print ind "<condition type=\"" type "\" value=\"" val "\" field=\"" field "\" scope=\"" scope "\" childId=\"" child "\" shared=\"true\" includeChildSelections=\"true\" includeChildForces=\"true\"/>" > f
}
# a modifier of field FIELD by VALUE under a condition, or a condition group of two or three
function modif(ind, type, field, val, child, rep, bare,   i, k) {
	print ind "<modifier type=\"" type "\" value=\"" val "\" field=\"" field "\">" > f
	if (rep) {
		print ind "  <repeats>" > f
		print ind "    <repeat value=\"" (2 + pick(4)) "\" repeats=\"1\" field=\"selections\" scope=\"parent\" childId=\"" child "\" shared=\"true\" roundUp=\"false\" includeChildSelections=\"true\" includeChildForces=\"false\"/>" > f
		print ind "  </repeats>" > f
	}
	k = pick(4)
	if (bare) {
	} else if (k <= 1) {
		print ind "  <conditions>" > f
		cond(ind "    ", "atLeast", 1, "roster", "selections", bsize[pick(3)])
		print ind "  </conditions>" > f
	} else {
		print ind "  <conditionGroups>" > f
		print ind "    <conditionGroup type=\"" (k == 2 ? "and" : "or") "\">" > f
		print ind "      <conditions>" > f
		cond(ind "        ", "atLeast", 1, "roster", "selections", bsize[pick(3)])
		cond(ind "        ", "lessThan", 1 + pick(3), "force", "selections", role[pick(nrole)])
		if (k == 3) cond(ind "        ", "equalTo", 0, "parent", "selections", child)
		print ind "      </conditions>" > f
		print ind "    </conditionGroup>" > f
		print ind "  </conditionGroups>" > f
	}
	print ind "</modifier>" > f
}
function chars(ind, pt,   i, n) {
	print ind "<characteristics>" > f
	n = split(ptc[pt], cc, "|")
	for (i = 1; i <= n; i++)
		print ind "  <characteristic name=\"" cc[i] "\" typeId=\"" pt "-" i "\">" (i == n && pt != "pt-unit" ? word() ", " word() : (1 + pick(12)) (i == 1 ? "\"" : "")) "</characteristic>" > f
	print ind "</characteristics>" > f
}
function profile(ind, pt, nm,   id) {
	id = nid()
	print ind "<profile id=\"" id "\" name=\"" nm "\" hidden=\"false\" typeId=\"" pt "\" typeName=\"" ptn[pt] "\">" > f
	if (pt == "pt-abl") {
		print ind "  <characteristics>" > f
		print ind "    <characteristic name=\"Description\" typeId=\"pt-abl-1\">" text(36 + pick(50)) "</characteristic>" > f
		print ind "  </characteristics>" > f
	} else chars(ind "  ", pt)
	print ind "</profile>" > f
	return id
}
function text(n,   s, i) { s = word(); for (i = 1; i < n; i++) s = s " " syl[pick(nsyl)] syl[pick(nsyl)]; return s "." }
function cost(ind, v) {
	print ind "<costs>" > f
	print ind "  <cost name=\"pts\" typeId=\"ct-pts\" value=\"" v "\"/>" > f
	print ind "  <cost name=\"Crusade\" typeId=\"ct-cru\" value=\"0\"/>" > f
	print ind "</costs>" > f
}
function catlink(ind, target, prim) {
	print ind "<categoryLink id=\"" nid() "\" name=\"" catname[target] "\" hidden=\"false\" targetId=\"" target "\" primary=\"" bool(prim) "\"/>" > f
}
function head(root, id, nm, lib, ns) {
	print "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>" > f
	if (root == "gameSystem")
		print "<gameSystem id=\"" id "\" name=\"" nm "\" revision=\"1\" battleScribeVersion=\"2.03\" authorName=\"Muster bench\" xmlns=\"http://www.battlescribe.net/schema/gameSystemSchema\">" > f
	else
		print "<catalogue id=\"" id "\" name=\"" nm "\" revision=\"1\" battleScribeVersion=\"2.03\" library=\"" bool(lib) "\" gameSystemId=\"bench-sys\" gameSystemRevision=\"1\" xmlns=\"http://www.battlescribe.net/schema/catalogueSchema\">" > f
}
# an entry link; prints its id as LINKID, the caller closes
function elink(ind, target, type, nm, mn, mx, given,   id) {
	id = given != "" ? given : nid()
	print ind "<entryLink id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" targetId=\"" target "\" type=\"" type "\">" > f
	if (mn >= 0 || mx >= 0) {
		print ind "  <constraints>" > f
		if (mn >= 0) cons(ind "    ", "min", mn, "parent", "selections", nid(), "false")
		if (mx >= 0) cons(ind "    ", "max", mx, "parent", "selections", nid(), "false")
		print ind "  </constraints>" > f
	}
	return id
}

# ------------------------------------------------------------------ library pieces
function weapon(ind, li,   id, nm, pt) {
	id = nid(); nm = name2()
	pt = pick(2) ? "pt-rng" : "pt-mel"
	print ind "<selectionEntry id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"upgrade\">" > f
	print ind "  <constraints>" > f
	cons(ind "    ", "max", 1, "parent", "selections", nid(), "false")
	print ind "  </constraints>" > f
	print ind "  <profiles>" > f
	profile(ind "    ", pt, nm)
	print ind "  </profiles>" > f
	if (1) {
		print ind "  <entryLinks>" > f
		t = abil[li, pick(nabil)]
		elink(ind "    ", t, "selectionEntry", aname[t], -1, 1)
		print ind "    </entryLink>" > f
		print ind "  </entryLinks>" > f
	}
	if (pick(3) == 0) {
		print ind "  <modifiers>" > f
		modif(ind "    ", "increment", "ct-pts", 5, id, 1)
		print ind "  </modifiers>" > f
	}
	cost(ind "  ", pick(3) ? 0 : 5 * (1 + pick(4)))
	print ind "</selectionEntry>" > f
	wname[id] = nm
	return id
}
function ability(ind,   id, nm) {
	id = nid(); nm = name2()
	print ind "<selectionEntry id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"upgrade\">" > f
	print ind "  <profiles>" > f
	aprof[id] = profile(ind "    ", "pt-abl", nm)
	print ind "  </profiles>" > f
	print ind "  <infoLinks>" > f
	print ind "    <infoLink id=\"" nid() "\" name=\"" rname[pick(nrule)] "\" hidden=\"false\" targetId=\"" rule[pick(nrule)] "\" type=\"rule\"/>" > f
	print ind "  </infoLinks>" > f
	cost(ind "  ", 0)
	print ind "</selectionEntry>" > f
	aname[id] = nm
	return id
}
# a wargear group: links to weapons of library LI, the first its default
function wgroup(ind, li,   id, nm, i, n, first, l) {
	id = nid(); nm = word() " Wargear"
	n = 10 + pick(7)
	for (i = 0; i < n; i++) tw[i] = weap[li, pick(nweap)]
	first = nid()
	print ind "<selectionEntryGroup id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" defaultSelectionEntryId=\"" first "\">" > f
	print ind "  <constraints>" > f
	cons(ind "    ", "max", 1, "parent", "selections", nid(), "false")
	print ind "  </constraints>" > f
	print ind "  <modifiers>" > f
	modif(ind "    ", "set", "hidden", "true", id, 0)
	print ind "  </modifiers>" > f
	print ind "  <entryLinks>" > f
	for (i = 0; i < n; i++) {
		elink(ind "    ", tw[i], "selectionEntry", wname[tw[i]], -1, -1, i == 0 ? first : "")
		print ind "    </entryLink>" > f
	}
	print ind "  </entryLinks>" > f
	print ind "</selectionEntryGroup>" > f
	gdef[id] = first
	gname[id] = nm
	return id
}
# an options group: links to five wargear groups and to an ability (five deep from a root link)
function ogroup(ind, li,   id, nm, t, i) {
	id = nid(); nm = word() " Options"
	print ind "<selectionEntryGroup id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\">" > f
	print ind "  <constraints>" > f
	cons(ind "    ", "max", 2, "parent", "selections", nid(), "false")
	print ind "  </constraints>" > f
	print ind "  <entryLinks>" > f
	for (i = 0; i < 5; i++) {
		t = wgrp[li, pick(nwgrp)]
		elink(ind "    ", t, "selectionEntryGroup", gname[t], -1, -1)
		print ind "    </entryLink>" > f
	}
	t = abil[li, pick(nabil)]
	elink(ind "    ", t, "selectionEntry", aname[t], -1, 1)
	print ind "    </entryLink>" > f
	print ind "  </entryLinks>" > f
	print ind "</selectionEntryGroup>" > f
	gname[id] = nm
	return id
}

# ------------------------------------------------------------------ a unit
# a model of a unit: its weapons linked from library LI, a group of wargear
function model(ind, li, mn, mx, nweapons, grp,   id, nm, i, t, l) {
	id = nid(); nm = word()
	print ind "<selectionEntry id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"model\">" > f
	print ind "  <constraints>" > f
	cons(ind "    ", "min", mn, "parent", "selections", nid(), "false")
	mxid = nid()
	cons(ind "    ", "max", mx, "parent", "selections", mxid, "false")
	print ind "  </constraints>" > f
	if (mx > 1) {
		print ind "  <modifiers>" > f
		modif(ind "    ", "increment", mxid, 1, id, 1)
		print ind "  </modifiers>" > f
	}
	print ind "  <entryLinks>" > f
	for (i = 0; i < nweapons; i++) {
		t = weap[li, pick(nweap)]
		l = elink(ind "    ", t, "selectionEntry", wname[t], mn ? 1 : 0, mx)
		if (i == 0) { lastwl = l; lastwt = t }
		print ind "    </entryLink>" > f
	}
	t = grp
	elink(ind "    ", t, "selectionEntryGroup", gname[t], -1, -1)
	print ind "    </entryLink>" > f
	print ind "  </entryLinks>" > f
	print ind "</selectionEntry>" > f
	mname[id] = nm
	return id
}
# an upgrade of a unit, standing in it
function upgrade(ind, i,   id, nm) {
	id = nid(); nm = name2()
	print ind "<selectionEntry id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"upgrade\">" > f
	if (i == 0) {
		print ind "  <constraints>" > f
		cons(ind "    ", "max", 1, "parent", "selections", nid(), "false")
		print ind "  </constraints>" > f
		print ind "  <infoLinks>" > f
		print ind "    <infoLink id=\"" nid() "\" name=\"" rname[0] "\" hidden=\"false\" targetId=\"" rule[pick(nrule)] "\" type=\"rule\"/>" > f
		print ind "  </infoLinks>" > f
	}
	print ind "  <modifiers>" > f
	modif(ind "    ", "set", "hidden", "true", id, 0, i == 1)
	print ind "  </modifiers>" > f
	cost(ind "  ", 5 * (1 + pick(6)))
	print ind "</selectionEntry>" > f
}
# a unit: shared entry of catalogue file FILE, weapons from library LI, keyword category KW
function unit(ind, li, kw, isfac,   id, nm, i, c1, c2, m1, m2, g, t, n, l, first) {
	id = nid(); nm = name2()
	print ind "<selectionEntry id=\"" id "\" name=\"" nm "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"unit\">" > f
	c1 = nid(); c2 = nid()
	print ind "  <constraints>" > f
	cons(ind "    ", "max", 3, "roster", "selections", c1, "false")
	if (pick(2)) cons(ind "    ", "max", 1 + pick(2), "force", "selections", c2, "false")
	print ind "  </constraints>" > f
	print ind "  <modifiers>" > f
	modif(ind "    ", "increment", c1, 3, id, 0)
	modif(ind "    ", "set", "hidden", "true", id, 0)
	modif(ind "    ", "increment", "ct-pts", 5 * (1 + pick(4)), id, pick(4) == 0)
	print ind "  </modifiers>" > f
	print ind "  <modifierGroups>" > f
	print ind "    <modifierGroup type=\"and\">" > f
	print ind "      <conditions>" > f
	cond(ind "        ", "atLeast", 1, "force", "selections", role[pick(nrole)])
	print ind "      </conditions>" > f
	print ind "      <modifiers>" > f
	print ind "        <modifier type=\"add\" value=\"" catname[role[0]] "\" field=\"category\"/>" > f
	print ind "        <modifier type=\"set\" value=\"" word() "\" field=\"name\"/>" > f
	print ind "      </modifiers>" > f
	print ind "    </modifierGroup>" > f
	print ind "  </modifierGroups>" > f
	print ind "  <profiles>" > f
	profile(ind "    ", "pt-unit", nm)
	for (i = 0; i < 5; i++) profile(ind "    ", "pt-abl", name2())
	print ind "  </profiles>" > f
	print ind "  <infoLinks>" > f
	for (i = 0; i < 4; i++)
		print ind "    <infoLink id=\"" nid() "\" name=\"" rname[i] "\" hidden=\"false\" targetId=\"" (isfac && i % 2 ? frule[pick(nfrule)] : rule[pick(nrule)]) "\" type=\"rule\"/>" > f
	t = abil[li, pick(nabil)]
	print ind "    <infoLink id=\"" nid() "\" name=\"" aname[t] "\" hidden=\"false\" targetId=\"" aprof[t] "\" type=\"profile\"/>" > f
	print ind "  </infoLinks>" > f
	print ind "  <categoryLinks>" > f
	catlink(ind "    ", kw, 0)
	catlink(ind "    ", role[pick(nrole)], 1)
	catlink(ind "    ", role[pick(nrole)], 0)
	catlink(ind "    ", role[pick(nrole)], 0)
	catlink(ind "    ", role[pick(nrole)], 0)
	print ind "  </categoryLinks>" > f
	print ind "  <selectionEntries>" > f
	unum = 0
	ms = model(ind "    ", li, 1, 1, 1, ogrp[li, pick(nogrp)])
	uwl[id, 0] = lastwl; uwt[id, 0] = lastwt
	if (pick(2)) model(ind "    ", li, 0, 1, 1, wgrp[li, pick(nwgrp)])
	mt = model(ind "    ", li, 4, 9, 1, ogrp[li, pick(nogrp)])
	uwl[id, 1] = lastwl; uwt[id, 1] = lastwt
	print ind "  </selectionEntries>" > f
	# the unit's own wargear choice, with a default
	g = nid()
	n = 2
	print ind "  <selectionEntryGroups>" > f
	first = nid()
	print ind "    <selectionEntryGroup id=\"" g "\" name=\"Wargear\" hidden=\"false\" collective=\"false\" import=\"true\" defaultSelectionEntryId=\"" first "\">" > f
	print ind "      <constraints>" > f
	cons(ind "        ", "max", 1, "parent", "selections", nid(), "false")
	print ind "      </constraints>" > f
	print ind "      <modifiers>" > f
	modif(ind "        ", "set", "hidden", "true", g, 0)
	print ind "      </modifiers>" > f
	print ind "      <entryLinks>" > f
	for (i = 0; i < n; i++) {
		t = weap[li, pick(nweap)]
		l = elink(ind "        ", t, "selectionEntry", wname[t], -1, -1, i == 0 ? first : "")
		if (i == 0) udefw = t
		print ind "        </entryLink>" > f
	}
	print ind "      </entryLinks>" > f
	print ind "    </selectionEntryGroup>" > f
	print ind "    <selectionEntryGroup id=\"" nid() "\" name=\"Upgrades\" hidden=\"false\" collective=\"false\" import=\"true\">" > f
	print ind "      <selectionEntries>" > f
	for (i = 0; i < 2; i++) upgrade(ind "        ", i)
	print ind "      </selectionEntries>" > f
	print ind "    </selectionEntryGroup>" > f
	print ind "  </selectionEntryGroups>" > f
	udef = first; ugrp = g
	if (isfac) {
		print ind "  <entryLinks>" > f
		l = elink(ind "    ", enhg, "selectionEntryGroup", "Enhancements", -1, -1)
		print ind "      <modifiers>" > f
		modif(ind "        ", "set", "hidden", "true", id, 0)
		print ind "      </modifiers>" > f
		print ind "    </entryLink>" > f
		print ind "  </entryLinks>" > f
	}
	cost(ind "  ", 20 + 5 * pick(40))
	print ind "</selectionEntry>" > f
	uname[id] = nm
	umodel[id, 0] = ms; umodel[id, 1] = mt
	return id
}

# ------------------------------------------------------------------ the files
function gst(   i, id) {
	fno = 0
	f = out "/data/bench.gst"
	head("gameSystem", "bench-sys", "Muster Bench Wars")
	print "  <costTypes>" > f
	print "    <costType id=\"ct-pts\" name=\"pts\" defaultCostLimit=\"-1\" hidden=\"false\"/>" > f
	print "    <costType id=\"ct-cru\" name=\"Crusade\" defaultCostLimit=\"-1\" hidden=\"false\"/>" > f
	print "  </costTypes>" > f
	print "  <profileTypes>" > f
	for (i = 1; i <= 4; i++) {
		id = ptlist[i]
		print "    <profileType id=\"" id "\" name=\"" ptn[id] "\">" > f
		print "      <characteristicTypes>" > f
		n = split(ptc[id], cc, "|")
		for (j = 1; j <= n; j++)
			print "        <characteristicType id=\"" id "-" j "\" name=\"" cc[j] "\"/>" > f
		print "      </characteristicTypes>" > f
		print "    </profileType>" > f
	}
	print "  </profileTypes>" > f
	print "  <categoryEntries>" > f
	for (i = 0; i < nrole; i++)
		print "    <categoryEntry id=\"" role[i] "\" name=\"" catname[role[i]] "\" hidden=\"false\"/>" > f
	print "  </categoryEntries>" > f
	print "  <forceEntries>" > f
	print "    <forceEntry id=\"fe-army\" name=\"Army\" hidden=\"false\">" > f
	print "      <categoryLinks>" > f
	for (i = 0; i < nrole; i++) {
		print "        <categoryLink id=\"" nid() "\" name=\"" catname[role[i]] "\" hidden=\"false\" targetId=\"" role[i] "\" primary=\"false\">" > f
		print "          <constraints>" > f
		cons("            ", "max", 6, "parent", "selections", nid(), "true")
		print "          </constraints>" > f
		print "        </categoryLink>" > f
	}
	print "      </categoryLinks>" > f
	print "      <forceEntries>" > f
	print "        <forceEntry id=\"fe-allied\" name=\"Allied Detachment\" hidden=\"false\">" > f
	print "          <categoryLinks>" > f
	catlink("            ", role[0], 0)
	print "          </categoryLinks>" > f
	print "        </forceEntry>" > f
	print "      </forceEntries>" > f
	print "    </forceEntry>" > f
	print "  </forceEntries>" > f
	print "  <selectionEntries>" > f
	print "    <selectionEntry id=\"se-bsize\" name=\"Battle Size\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"upgrade\">" > f
	print "      <constraints>" > f
	cons("        ", "max", 1, "roster", "selections", nid(), "true")
	print "      </constraints>" > f
	print "      <selectionEntryGroups>" > f
	print "        <selectionEntryGroup id=\"sg-bsize\" name=\"Battle Size\" hidden=\"false\" collective=\"false\" import=\"true\" defaultSelectionEntryId=\"" bsize[1] "\">" > f
	print "          <constraints>" > f
	cons("            ", "min", 1, "parent", "selections", nid(), "false")
	cons("            ", "max", 1, "parent", "selections", nid(), "false")
	print "          </constraints>" > f
	print "          <selectionEntries>" > f
	for (i = 0; i < 3; i++) {
		print "            <selectionEntry id=\"" bsize[i] "\" name=\"" bsname[i] "\" hidden=\"false\" collective=\"false\" import=\"true\" type=\"upgrade\">" > f
		cost("              ", 0)
		print "            </selectionEntry>" > f
	}
	print "          </selectionEntries>" > f
	print "        </selectionEntryGroup>" > f
	print "      </selectionEntryGroups>" > f
	cost("      ", 0)
	print "    </selectionEntry>" > f
	print "  </selectionEntries>" > f
	print "  <sharedRules>" > f
	for (i = 0; i < nrule; i++) {
		print "    <rule id=\"" rule[i] "\" name=\"" rname[i] "\" hidden=\"false\">" > f
		print "      <description>" text(30 + pick(60)) "</description>" > f
		print "    </rule>" > f
	}
	print "  </sharedRules>" > f
	print "</gameSystem>" > f
	close(f)
}
function library(li,   i) {
	fno = li
	f = out "/data/lib-" li ".cat"
	catid[li] = "bench-cat-" li
	head("catalogue", catid[li], "Library " li " - " word(), 1)
	print "  <sharedSelectionEntries>" > f
	for (i = 0; i < nabil; i++) abil[li, i] = ability("    ")
	for (i = 0; i < nweap; i++) weap[li, i] = weapon("    ", li)
	# the units come after the groups they use: their text is kept and printed below
	print "  </sharedSelectionEntries>" > f
	print "  <sharedSelectionEntryGroups>" > f
	for (i = 0; i < nwgrp; i++) wgrp[li, i] = wgroup("    ", li)
	for (i = 0; i < nogrp; i++) ogrp[li, i] = ogroup("    ", li)
	print "  </sharedSelectionEntryGroups>" > f
	print "</catalogue>" > f
	close(f)
}
# library units: a second library file would split them; they stand in the faction file that
# owns them? No: in a catalogue of their own kind, "lib-K-units.cat", linking library K.
function libunits(li,   i, kw) {
	fno = 1000 + li
	f = out "/data/lib-" li "-units.cat"
	catid[1000 + li] = "bench-cat-" li "-units"
	head("catalogue", catid[1000 + li], "Library " li " - Units", 1)
	print "  <catalogueLinks>" > f
	print "    <catalogueLink id=\"" nid() "\" name=\"Library " li "\" targetId=\"" catid[li] "\" type=\"catalogue\" importRootEntries=\"false\"/>" > f
	print "  </catalogueLinks>" > f
	kw = nid(); catname[kw] = word()
	print "  <categoryEntries>" > f
	print "    <categoryEntry id=\"" kw "\" name=\"" catname[kw] "\" hidden=\"false\"/>" > f
	print "  </categoryEntries>" > f
	print "  <sharedSelectionEntries>" > f
	for (i = 0; i < nlunit; i++) lunit[li, i] = unit("    ", li, kw, 0)
	print "  </sharedSelectionEntries>" > f
	print "</catalogue>" > f
	close(f)
}
function faction(k, li,   i, kw, u, l) {
	fno = 2000 + k
	f = out "/data/fac-" sprintf("%02d", k) ".cat"
	catid[2000 + k] = "bench-fac-" k
	head("catalogue", catid[2000 + k], "Faction " k " - " word(), 0)
	print "  <catalogueLinks>" > f
	print "    <catalogueLink id=\"" nid() "\" name=\"Library " li " Units\" targetId=\"" catid[1000 + li] "\" type=\"catalogue\" importRootEntries=\"false\"/>" > f
	print "    <catalogueLink id=\"" nid() "\" name=\"Library " li "\" targetId=\"" catid[li] "\" type=\"catalogue\" importRootEntries=\"false\"/>" > f
	if (k % 3 == 2)
		print "    <catalogueLink id=\"" nid() "\" name=\"Faction " (k - 1) "\" targetId=\"" catid[2000 + k - 1] "\" type=\"catalogue\" importRootEntries=\"true\"/>" > f
	print "  </catalogueLinks>" > f
	kw = nid(); catname[kw] = word()
	print "  <categoryEntries>" > f
	print "    <categoryEntry id=\"" kw "\" name=\"" catname[kw] "\" hidden=\"false\"/>" > f
	print "  </categoryEntries>" > f
	enhg = nid()
	for (i = 0; i < nfrule; i++) frule[i] = nid()
	print "  <sharedSelectionEntries>" > f
	for (i = 0; i < 6; i++) enh[i] = ability("    ")
	for (i = 0; i < units; i++) {
		u = unit("    ", li, kw, 1)
		funit[k, i] = u
		fdef[u] = udef; fgrp[u] = ugrp; fdefw[u] = udefw
	}
	print "  </sharedSelectionEntries>" > f
	print "  <sharedSelectionEntryGroups>" > f
	print "    <selectionEntryGroup id=\"" enhg "\" name=\"Enhancements\" hidden=\"false\" collective=\"false\" import=\"true\">" > f
	print "      <constraints>" > f
	cons("        ", "max", 1, "parent", "selections", nid(), "false")
	cons("        ", "max", 3, "roster", "selections", nid(), "true")
	print "      </constraints>" > f
	print "      <entryLinks>" > f
	for (i = 0; i < 6; i++) {
		elink("        ", enh[i], "selectionEntry", aname[enh[i]], -1, 1)
		print "        </entryLink>" > f
	}
	print "      </entryLinks>" > f
	print "    </selectionEntryGroup>" > f
	print "  </sharedSelectionEntryGroups>" > f
	print "  <sharedRules>" > f
	for (i = 0; i < nfrule; i++) {
		print "    <rule id=\"" frule[i] "\" name=\"" name2() "\" hidden=\"false\">" > f
		print "      <description>" text(30 + pick(60)) "</description>" > f
		print "    </rule>" > f
	}
	print "  </sharedRules>" > f
	print "  <entryLinks>" > f
	for (i = 0; i < units; i++) {
		u = funit[k, i]
		l = elink("    ", u, "selectionEntry", uname[u], -1, -1)
		froot[k, i] = l
		print "      <categoryLinks>" > f
		catlink("        ", role[pick(nrole)], 0)
		catlink("        ", role[pick(nrole)], 0)
		print "      </categoryLinks>" > f
		print "    </entryLink>" > f
	}
	for (i = 0; i < nlink; i++) {
		u = lunit[li, (k + i) % nlunit]
		elink("    ", u, "selectionEntry", uname[u], -1, -1)
		print "    </entryLink>" > f
	}
	print "  </entryLinks>" > f
	print "</catalogue>" > f
	close(f)
}

BEGIN {
	seed = 20260421
	nsyl = split("ash bor cal dun eth fal gor hal ith jor kel lun mor nal oth par quel ros sul tor ur vel wen xar yor zan bri cra dro fen gra kra", syl, " ")
	for (i = 1; i <= nsyl; i++) syl[i - 1] = syl[i]
	ptlist[1] = "pt-unit"; ptn["pt-unit"] = "Unit"; ptc["pt-unit"] = "M|T|SV|W|LD|OC"
	ptlist[2] = "pt-rng"; ptn["pt-rng"] = "Ranged Weapons"; ptc["pt-rng"] = "Range|A|BS|S|AP|D|Keywords"
	ptlist[3] = "pt-mel"; ptn["pt-mel"] = "Melee Weapons"; ptc["pt-mel"] = "Range|A|WS|S|AP|D|Keywords"
	ptlist[4] = "pt-abl"; ptn["pt-abl"] = "Abilities"; ptc["pt-abl"] = "Description"
	nrole = 12
	for (i = 0; i < nrole; i++) { role[i] = "cat-role-" i; catname[role[i]] = word() }
	nrule = 20
	for (i = 0; i < nrule; i++) { rule[i] = "rule-" i; rname[i] = name2() }
	for (i = 0; i < 3; i++) { bsize[i] = "se-bsize-" i; bsname[i] = word() }
	nfrule = 10; nabil = 30; nweap = 60; nwgrp = 20; nogrp = 10
	nlib = int(ncat / 10); if (nlib < 1) nlib = 1
	nfac = ncat - 2 * nlib
	if (nfac < 1) { print "gen-bs: -c must leave a faction beside the libraries" > "/dev/stderr"; exit 2 }
	nlunit = int(units / 4) + 1; nlink = nlunit < 3 ? nlunit : 3
	idn = 1
	gst()
	for (li = 1; li <= nlib; li++) { library(li); libunits(li) }
	for (k = 1; k <= nfac; k++) faction(k, 1 + (k - 1) % nlib)
	rosters()
	exit 0
}
# ------------------------------------------------------------------ rosters
function sel(ind, eid, nm, num, type, grp, leaf) {
	print ind "<selection id=\"r-" (++rsel) "\" name=\"" nm "\" entryId=\"" eid "\"" (grp != "" ? " entryGroupId=\"" grp "\"" : "") " number=\"" num "\" type=\"" type "\"" (leaf ? "/>" : ">") > f
}
# unit I of faction K: its two models with their first weapons, the unit's default wargear
function runit(ind, k, i,   u, l, n) {
	u = funit[k, i]; l = froot[k, i]
	n = 4 + pick(6)
	sel(ind, l "::" u, uname[u], 1, "unit", "")
	print ind "  <selections>" > f
	sel(ind "    ", l "::" umodel[u, 0], mname[umodel[u, 0]], 1, "model", "")
	print ind "      <selections>" > f
	sel(ind "        ", l "::" uwl[u, 0] "::" uwt[u, 0], wname[uwt[u, 0]], 1, "upgrade", "", 1)
	print ind "      </selections>" > f
	print ind "    </selection>" > f
	sel(ind "    ", l "::" umodel[u, 1], mname[umodel[u, 1]], n, "model", "")
	print ind "      <selections>" > f
	sel(ind "        ", l "::" uwl[u, 1] "::" uwt[u, 1], wname[uwt[u, 1]], n, "upgrade", "", 1)
	print ind "      </selections>" > f
	print ind "    </selection>" > f
	sel(ind "    ", l "::" fdef[u] "::" fdefw[u], wname[fdefw[u]], 1, "upgrade", l "::" fgrp[u], 1)
	print ind "  </selections>" > f
	print ind "</selection>" > f
}
# a force of faction K holding N units (distinct while the faction has them), from unit FROM
function force(ind, k, n, from, fe,   i) {
	print ind "<force id=\"r-" (++rsel) "\" name=\"" (fe == "fe-army" ? "Army" : "Allied Detachment") "\" entryId=\"" fe "\" catalogueId=\"" catid[2000 + k] "\" catalogueRevision=\"1\" catalogueName=\"Faction " k "\">" > f
	print ind "  <selections>" > f
	for (i = 0; i < n; i++) runit(ind "    ", k, (from + i) % units)
	print ind "  </selections>" > f
}
function roster(path, nunits,   left, k, n, from) {
	f = path
	rsel = 0
	print "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>" > f
	print "<roster id=\"r-" nunits "-" (++nros) "\" name=\"Bench " nunits "\" battleScribeVersion=\"2.03\" gameSystemId=\"bench-sys\" gameSystemName=\"Muster Bench Wars\" gameSystemRevision=\"1\" xmlns=\"http://www.battlescribe.net/schema/rosterSchema\">" > f
	print "  <costLimits>" > f
	print "    <costLimit name=\"pts\" typeId=\"ct-pts\" value=\"-1\"/>" > f
	print "  </costLimits>" > f
	print "  <forces>" > f
	left = nunits
	while (left > 0) {
		k = 1 + pick(nfac)
		n = left < 20 ? left : 20
		if (n > units) n = units
		from = pick(units)
		force("    ", k, n, from, "fe-army")
		left -= n
		if (left > 0 && nunits >= 10) {
			# a child force: an allied detachment of two units
			n = left < 2 ? left : 2
			if (n > units) n = units
			print "      <forces>" > f
			force("        ", 1 + pick(nfac), n, pick(units), "fe-allied")
			print "        </force>" > f
			print "      </forces>" > f
			left -= n
		}
		print "    </force>" > f
	}
	print "  </forces>" > f
	print "</roster>" > f
	close(f)
}
function rosters(   i, ns, sz) {
	ns = split(sizes, sz, " ")
	for (i = 1; i <= ns; i++) roster(out "/rosters/units-" sz[i] ".ros", sz[i] + 0)
	for (i = 1; i <= batch; i++) roster(sprintf("%s/batch/%04d.ros", out, i), 8 + pick(5))
}
