#ifndef SITEGEN_CCMARKGFM_SHIM_H
#define SITEGEN_CCMARKGFM_SHIM_H

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
// The layout of an extension (private, installed by Debian with the library): the parser
// changes strikethrough's trigger bytes and match function once (see CmarkLibrary.swift).
#include <cmark-gfm/syntax_extension.h>

// The table extension's node types are globals assigned when the extension registers
// (declared in its private header, exported from the shared library). Swift 6 rejects
// reads of mutable C globals, so they are exposed through functions.
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;
static inline cmark_node_type sitegen_table_node_type(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type sitegen_strikethrough_node_type(void) { return CMARK_NODE_STRIKETHROUGH; }

#endif
