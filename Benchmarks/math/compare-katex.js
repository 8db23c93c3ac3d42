#!/usr/bin/env node
// Compares sitegen's MathML (SitegenMath) with KaTeX's MathML output on a corpus of formulas.
//
//   swift run -c release sitegen-bench math --corpus Benchmarks/math/formulas.txt --json /tmp/ours.json
//   node Benchmarks/math/compare-katex.js --ours /tmp/ours.json [--katex /usr/share/javascript/katex/katex.js]
//        [--show N] [--list-mismatches FILE]
//
// KaTeX comes from Debian's libjs-katex (`apt-get install libjs-katex`), rendered with
// { output: "mathml", throwOnError: true, displayMode } and default options otherwise.
//
// What "matches" means. Both outputs are read as trees and normalised:
//   - <annotation> (the TeX source) is dropped; so are attributes, except that KaTeX's
//     mathvariant on a token (`<mi mathvariant="double-struck">R</mi>`) is applied to its text
//     as the Unicode mathematical alphanumeric it stands for (`ℝ`), which is how we write it;
//   - KaTeX's empty layout cells (`<mtd class="mtr-glue">`, `class="mml-eqn-num"`) are dropped;
//   - spacing is not compared: <mspace>, and <mtext> with only spaces, are dropped;
//   - the vertical bar and the divides sign (U+2223) are one character, and so are ‖ and ∥
//     (KaTeX writes `\left|` as ∣ but `\middle|` as |; we write delimiters as | and ‖);
//   - in <mtext>, mathvariant is ignored (`\textbf` is CSS font-weight for us);
//   - token text is NFC-normalised, and spaces (NBSP, thin spaces…) are one space, trimmed;
//     an empty <mo> (a `\left.`) is dropped;
//   - a run of upright identifiers (`<mi mathvariant="normal">m</mi><mi …>o</mi>…`) is one
//     identifier, so `\mathrm{mod}` as three letters and as one word compare equal;
//   - mrow, mstyle, mpadded, menclose and the math/semantics wrappers are transparent: their
//     children stand in their place.
// "Leaves match": the sequence of tokens (element name and text) is the same.
// "Trees match": leaves match and the remaining elements (mfrac, msub, mover, mtable, mtd…)
// nest the same way.
"use strict";
const fs = require("fs");

const args = process.argv.slice(2);
const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : fallback;
};
const katexPath = option("--katex", "/usr/share/javascript/katex/katex.js");
const oursPath = option("--ours");
const show = Number(option("--show", "15"));
const listFile = option("--list-mismatches");
if (!oursPath) {
    console.error("usage: compare-katex.js --ours OURS.json [--katex katex.js] [--show N] [--list-mismatches FILE]");
    process.exit(2);
}
const katex = require(katexPath);
const formulas = JSON.parse(fs.readFileSync(oursPath, "utf8"));

// ---- Reading MathML into a tree ------------------------------------------------------------
function decode(text) {
    return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp|ApplyFunction|InvisibleTimes);/g, (_, entity) => {
        if (entity[0] === "#") return String.fromCodePoint(entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
        return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", ApplyFunction: "\u2061", InvisibleTimes: "\u2062" }[entity];
    });
}

function parse(xml) {
    const root = { name: "#root", attributes: {}, children: [], text: "" };
    const stack = [root];
    const pattern = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
    let match;
    while ((match = pattern.exec(xml))) {
        const [, closing, name, attributeText, selfClosing, text] = match;
        const top = stack[stack.length - 1];
        if (text !== undefined) { top.text += decode(text); continue; }
        if (closing) { if (stack.length > 1) stack.pop(); continue; }
        const attributes = {};
        for (const a of (attributeText || "").matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attributes[a[1]] = decode(a[2]);
        const node = { name, attributes, children: [], text: "" };
        top.children.push(node);
        if (!selfClosing) stack.push(node);
    }
    return root;
}

// ---- mathvariant as Unicode math alphanumerics ----------------------------------------------
const latinBases = {
    "bold": [0x1d400, 0x1d41a, 0x1d7ce], "italic": [0x1d434, 0x1d44e, 0], "bold-italic": [0x1d468, 0x1d482, 0x1d7ce],
    "script": [0x1d49c, 0x1d4b6, 0], "bold-script": [0x1d4d0, 0x1d4ea, 0x1d7ce], "fraktur": [0x1d504, 0x1d51e, 0],
    "double-struck": [0x1d538, 0x1d552, 0x1d7d8], "bold-fraktur": [0x1d56c, 0x1d586, 0x1d7ce],
    "sans-serif": [0x1d5a0, 0x1d5ba, 0x1d7e2], "bold-sans-serif": [0x1d5d4, 0x1d5ee, 0x1d7ec],
    "sans-serif-italic": [0x1d608, 0x1d622, 0x1d7e2], "sans-serif-bold-italic": [0x1d63c, 0x1d656, 0x1d7ec],
    "monospace": [0x1d670, 0x1d68a, 0x1d7f6],
};
const greekBases = { "bold": 0x1d6a8, "italic": 0x1d6e2, "bold-italic": 0x1d71c, "bold-sans-serif": 0x1d756, "sans-serif-bold-italic": 0x1d790 };
const holes = {
    0x1d455: 0x210e, 0x1d49d: 0x212c, 0x1d4a0: 0x2130, 0x1d4a1: 0x2131, 0x1d4a3: 0x210b, 0x1d4a4: 0x2110, 0x1d4a7: 0x2112,
    0x1d4a8: 0x2133, 0x1d4ad: 0x211b, 0x1d4ba: 0x212f, 0x1d4bc: 0x210a, 0x1d4c4: 0x2134, 0x1d506: 0x212d, 0x1d50b: 0x210c,
    0x1d50c: 0x2111, 0x1d515: 0x211c, 0x1d51d: 0x2128, 0x1d53a: 0x2102, 0x1d53f: 0x210d, 0x1d545: 0x2115, 0x1d547: 0x2119,
    0x1d548: 0x211a, 0x1d549: 0x211d, 0x1d551: 0x2124,
};
function applyVariant(text, variant) {
    const bases = latinBases[variant];
    if (!bases) return text;
    let out = "";
    for (const ch of text) {
        const c = ch.codePointAt(0);
        let mapped = null;
        if (c >= 0x41 && c <= 0x5a && bases[0]) mapped = bases[0] + c - 0x41;
        else if (c >= 0x61 && c <= 0x7a && bases[1]) mapped = bases[1] + c - 0x61;
        else if (c >= 0x30 && c <= 0x39 && bases[2]) mapped = bases[2] + c - 0x30;
        else if (greekBases[variant] && c >= 0x391 && c <= 0x3a9) mapped = greekBases[variant] + c - 0x391;
        else if (greekBases[variant] && c >= 0x3b1 && c <= 0x3c9) mapped = greekBases[variant] + 26 + c - 0x3b1;
        if (mapped !== null && variant === "italic" && c < 0x80) mapped = null; // italic is the default look of one letter
        out += mapped === null ? ch : String.fromCodePoint(holes[mapped] || mapped);
    }
    return out;
}

// ---- Normalising --------------------------------------------------------------------------
const tokens = new Set(["mi", "mn", "mo", "mtext", "ms"]);
const transparent = new Set(["#root", "math", "semantics", "mrow", "mstyle", "mpadded", "menclose", "span"]);
const spaces = /[\s\u00a0\u2000-\u200b\u205f\u2061-\u2063\u3000]+/g;

function leafText(node) {
    let text = node.text;
    const variant = node.attributes.mathvariant;
    if (variant && variant !== "normal") text = applyVariant(text, variant);
    if (node.name === "mtext") text = node.text; // text styles are CSS for us, mathvariant for KaTeX
    return text.normalize("NFC").replace(/\u2223/g, "|").replace(/\u2225/g, "\u2016").replace(/[\u2061-\u2063]/g, "\u2061").replace(/[\s\u00a0\u2000-\u200b\u205f\u3000]+/g, " ").trim();
}

function isUpright(node, text) {
    return node.name === "mi" && ([...text].length > 1 || node.attributes.mathvariant === "normal");
}

// Returns a list of normalised items: tokens {leaf, text} and elements {name, children}.
function normalise(node) {
    if (node.name === "annotation" || node.name === "annotation-xml" || node.name === "mspace") return [];
    if (node.name === "mtd" && /mtr-glue|mml-eqn-num/.test(node.attributes.class || "") && !node.children.length) return [];
    if (tokens.has(node.name) && node.children.length === 0) {
        const text = leafText(node);
        if (text === "" && (node.name === "mtext" || node.name === "mo")) return [];
        if (node.name === "mtext" && text.replace(spaces, "") === "") return [];
        return [{ leaf: node.name, text, upright: isUpright(node, text) }];
    }
    let children = [];
    for (const child of node.children) children.push(...normalise(child));
    // a run of upright identifiers is one identifier
    const merged = [];
    for (const item of children) {
        const last = merged[merged.length - 1];
        if (item.leaf === "mi" && item.upright && last && last.leaf === "mi" && last.upright) {
            merged[merged.length - 1] = { leaf: "mi", text: last.text + item.text, upright: true };
        } else merged.push(item);
    }
    children = merged;
    if (transparent.has(node.name) || tokens.has(node.name)) return children;
    return [{ name: node.name, children }];
}

function leaves(items, out = []) {
    for (const item of items) {
        if (item.leaf) out.push(`${item.leaf}:${item.text}`);
        else leaves(item.children, out);
    }
    return out;
}

function tree(items) {
    return items.map(item => item.leaf ? `${item.leaf}:${item.text}` : `${item.name}(${tree(item.children)})`).join(" ");
}

function katexMathML(tex, display) {
    const html = katex.renderToString(tex, { output: "mathml", displayMode: display, throwOnError: true, strict: "ignore" });
    return html.replace(/^<span class="katex">/, "").replace(/<\/span>$/, "");
}

// ---- Comparing ----------------------------------------------------------------------------
let oursRendered = 0, katexRendered = 0, both = 0, leafMatches = 0, treeMatches = 0;
const failureReasons = new Map(), katexFailureReasons = new Map(), mismatchReasons = new Map();
const mismatches = [];
const count = (map, key, example) => {
    const entry = map.get(key) || { count: 0, example };
    entry.count += 1;
    map.set(key, entry);
};

for (const formula of formulas) {
    let theirs = null, katexError = null;
    try { theirs = katexMathML(formula.tex, formula.display); } catch (error) { katexError = String(error.message || error); }
    if (theirs !== null) katexRendered += 1;
    else count(katexFailureReasons, katexError.replace(/ at position \d+:.*$/s, "").replace(/^KaTeX parse error: /, ""), formula.tex);
    if (formula.mathml) oursRendered += 1;
    else count(failureReasons, (formula.error || "?").replace(/^(unknown command \\?\S+|unknown environment \S+).*$/, "$1"), formula.tex);
    if (!formula.mathml || theirs === null) continue;
    both += 1;
    const a = normalise(parse(formula.mathml)), b = normalise(parse(theirs));
    const la = leaves(a), lb = leaves(b);
    if (la.join("\u0001") === lb.join("\u0001")) {
        leafMatches += 1;
        if (tree(a) === tree(b)) treeMatches += 1;
        else {
            count(mismatchReasons, "(leaves match, trees differ)", formula.tex);
            mismatches.push({ tex: formula.tex, display: formula.display, reason: "tree", ours: tree(a), katex: tree(b) });
        }
        continue;
    }
    let i = 0;
    while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
    const reason = `ours ${la[i] === undefined ? "(end)" : la[i]}  /  KaTeX ${lb[i] === undefined ? "(end)" : lb[i]}`;
    count(mismatchReasons, reason, formula.tex);
    mismatches.push({ tex: formula.tex, display: formula.display, reason, ours: la.join(" "), katex: lb.join(" ") });
}

const total = formulas.length;
const pct = (n, d) => (d ? (100 * n / d).toFixed(1) : "0.0") + "%";
console.log(`${total} formulas`);
console.log(`  sitegen renders ${oursRendered} (${pct(oursRendered, total)}), KaTeX renders ${katexRendered} (${pct(katexRendered, total)})`);
console.log(`  both render ${both}; of those, leaves match in ${leafMatches} (${pct(leafMatches, both)}), trees match in ${treeMatches} (${pct(treeMatches, both)})`);
const top = (title, map) => {
    const entries = [...map.entries()].sort((x, y) => y[1].count - x[1].count).slice(0, show);
    if (!entries.length) return;
    console.log(`\n${title}`);
    for (const [key, { count, example }] of entries) {
        console.log(`  ${String(count).padStart(4)}  ${key}`);
        console.log(`        e.g. ${example.replace(/\n/g, " ").slice(0, 110)}`);
    }
};
top("Why sitegen fails (its message):", failureReasons);
top("Why KaTeX fails:", katexFailureReasons);
top("First difference where both render (our leaf / KaTeX's leaf):", mismatchReasons);
if (listFile) fs.writeFileSync(listFile, JSON.stringify(mismatches, null, 1));
