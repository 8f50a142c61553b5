package asm

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// metadataTokens consumes a `{-# ... #-}` block, checking its shape as
// MLIR's parser does and failing with its messages and positions, and
// returns the tokens for the participle grammar that builds the AST:
//
//	'{-#' (key ':' section (',' key ':' section)*)? '#-}'
//	section ::= '{' (name ':' '{' (key ':' value (',' key ':' value)*)? '}' (',' ...)*)? '}'
//
// where a file-level key is dialect_resources or external_resources and
// a value is a string, true or false.
func (p *syntaxParser) metadataTokens() []lexer.Token {
	var toks []lexer.Token
	take := func() {
		toks = append(toks, p.tok)
		p.advance()
	}
	is := func(tt lexer.TokenType) bool { return p.tok.Type == tt }
	need := func(tt lexer.TokenType, msg string) {
		if !is(tt) {
			p.expected("%s", msg)
		}
		take()
	}
	// list parses item (',' item)* up to close, possibly empty.
	list := func(close lexer.TokenType, closeText string, item func()) {
		if is(close) {
			take()
			return
		}
		for {
			item()
			if is(tokComma) {
				take()
				continue
			}
			need(close, "expected ',' or '"+closeText+"'")
			return
		}
	}
	key := func(msg string) string {
		if !is(tokIdent) {
			p.failf(p.errorPos(), "%s", msg)
		}
		k := p.tok.Value
		take()
		return k
	}
	section := func(valueMsg string) {
		need(tokLBrace, "expected '{'")
		list(tokRBrace, "}", func() {
			key("expected identifier key for 'resource' entry")
			need(tokColon, "expected ':'")
			need(tokLBrace, "expected '{'")
			list(tokRBrace, "}", func() {
				k := key("expected identifier key for 'resource' entry")
				need(tokColon, "expected ':'")
				if !is(tokString) && !(is(tokIdent) && (p.tok.Value == "true" || p.tok.Value == "false")) {
					p.failf(p.errorPos(), valueMsg, k)
				}
				take()
			})
		})
	}
	take() // '{-#'
	list(tokMetaEnd, "#-}", func() {
		pos := p.tok.Pos
		k := key("expected identifier key in file metadata dictionary")
		need(tokColon, "expected ':'")
		if k != "dialect_resources" && k != "external_resources" {
			p.failf(pos, "unknown key '%s' in file metadata dictionary", k)
		}
		// MLIR's dialects want hex blobs; external resources, strings.
		if k == "dialect_resources" {
			section("expected hex string blob for key '%s'")
		} else {
			section("expected string value for key '%s'")
		}
	})
	return toks
}

// errorPos is where MLIR reports an error at the current token: the
// token, or at the end of the file the character before it.
func (p *syntaxParser) errorPos() lexer.Position {
	pos := p.tok.Pos
	if p.tok.Type != lexer.EOF || p.text == "" || pos.Offset == 0 || pos.Offset > len(p.text) {
		return pos
	}
	off := pos.Offset - 1
	before := p.text[:off]
	pos.Offset = off
	pos.Line = 1 + strings.Count(before, "\n")
	pos.Column = off - strings.LastIndexByte(before, '\n')
	return pos
}
