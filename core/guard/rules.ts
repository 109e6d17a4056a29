/**
 * The poisoning guard's rule table: the catalogue of weighted regular expressions, one family
 * per {@linkcode InjectionKind}, the word lists they are built from, and the sentence-level
 * patterns (transfer verb + secret + destination; standing framing) and host lists that
 * `match.ts` uses for matching. Data only: no scanning happens here.
 *
 * Gaps between words are `(?:\W+\w+){0,n}`: the two classes are disjoint, so a gap has one
 * way to match and the engine cannot backtrack into it more than n times. Every other
 * repetition is bounded too.
 *
 * @module
 */
import type { InjectionKind } from "./kinds.ts";

export interface Rule {
  readonly id: string;
  readonly kind: InjectionKind;
  readonly weight: number;
  readonly re: RegExp;
  /**
   * What the rule reads: the flattened prose (default), the line-preserving text (commands),
   * or the decoded text with markup and comment leaders kept (chat markup, labels).
   */
  readonly on?: "lines" | "decoded";
  /** A negation just before the match ("never", "don't") cancels it. */
  readonly negatable?: boolean;
}

interface RuleOptions {
  readonly on?: "lines" | "decoded";
  readonly negatable?: boolean;
  /** Regular expression flags. @default {"gi"} */
  readonly flags?: string;
}

type Row = readonly [id: string, weight: number, source: string, options?: RuleOptions];

const raw = String.raw;
const gap = (n: number) => raw`(?:\W+\w+){0,${n}}?\W+`;

const QUALIFIER =
  raw`(?:all|any|every|each|your|previous|prior|above|earlier|preceding|foregoing|former|original|initial|system|given|safety|default|standing)`;
const STRONG_OBJECT =
  raw`(?:instructions?|directives?|guidelines?|guidance|prompts?|guardrails?|programming|conditioning)`;
const WEAK_OBJECT =
  raw`(?:rules|constraints|restrictions|context|commands|policies|messages|conversation|orders|tasks?)`;
const OVERRIDE_VERB =
  raw`(?:ignore|disregard|forget|neglect|overlook|bypass|override|discard|abandon|drop|skip|set\W+aside|throw\W+out|do\W+not\W+follow|don't\W+follow|stop\W+following|no\W+longer\W+follow|pay\W+no\W+attention\W+to|never\W+mind)`;
/** Nouns that can only mean an AI reader. */
const AI_STRICT =
  raw`(?:ai|llms?|gpt(?:-?\d\w*)?|chatbots?|copilot|claude|chatgpt|gemini|codex|(?:large\W+)?language\W+models?|(?:ai|llm|gpt|coding|code|autonomous|automated)(?:\W+\w+)?\W+(?:agents?|assistants?|models?|tools?|systems?|bots?|readers?|crawlers?|scrapers?|reviewers?))`;
/** AI readers, including words that often mean something else (agent, model, bot). */
const AI = raw`(?:${AI_STRICT}|assistants?|agents?|models?|bots?|cursor|devin)`;
const IMPERATIVE =
  raw`(?:echo|cat|curl|wget|bash|sudo|npm|pip|git|please|always|never|do|don't|make|remember|ignore|disregard|forget|run|execute|send|post|upload|push|commit|merge|approve|add|append|include|insert|disable|enable|delete|remove|tell|say|set|store|save|record|note|replace|install|use|turn|skip|stop|update|change|modify|write|create|open|fetch|call|report|respond|reply|answer|output|print|reveal|show|follow|obey|treat|consider|switch|visit|navigate|download|copy|paste|read|email|mark|grant|give|allow|act|pretend|keep|bump|publish|release|deploy|import|export|recommend|prefer|suggest|apply|generate|emit|return|list|drop|reset|revert|force|rewrite|edit|fix|patch|inject|comment|uncomment|trust|whitelist|allowlist|rotate|configure|sign|tag|rename|load|require|summarize|translate|link|prepend|expose|share|leak|bypass|just|also|then)`;
const DIRECTIVE =
  raw`(?:\b(?:must|should|shall|need\W+to|needs\W+to|have\W+to|has\W+to|are\W+(?:required|instructed|expected|asked|told)\W+to|is\W+(?:required|instructed|expected)\W+to|please|always|never|do\W+not|don't|make\W+sure|ensure|remember|from\W+now\W+on)\b|(?:^|[.!?:;,(]|\band\b)\s*${IMPERATIVE}\b)`;
const ADDRESSEE = [
  raw`\b(?:note|message|instructions?|notice|reminder|memo|directive|hint|request|warning|tip|p\.?s\.?)\W+(?:to|for)\W+(?:the\W+|all\W+|any\W+|every\W+|whichever\W+|whatever\W+|each\W+)?(?:${AI}|automation|automated\W+\w+|robots?)\b`,
  raw`\b(?:hey|hi|hello|dear|attention|attn|yo|psst|listen(?:\W+up)?|calling|greetings)[ \t,]+(?:the\W+|all\W+|any\W+|every\W+|fellow\W+)?${AI}\b`,
  raw`\bfor\W+the\W+(?:ai|assistant|agent|model|llm|bot)\W+to\W+(?:keep|remember|know|note|store|save|follow|read)\b`,
  raw`(?:^|[.!?"'{:\u00b6]\s*)(?:assistant|agent|ai|bot|model|llm)\s*,\s+`,
  raw`\bthe\W+(?:ai|assistant|agent|model|llm|bot)\W+(?:reading|processing|parsing|summari[sz]ing|summari[sz]es|reads|processes|parses|sees|fixing|reviewing)\W+(?:this|these)\b`,
  raw`\[(?:ai|llm|agent|assistant)[-_ ]?(?:hint|note|instructions?|directive)\]`,
  raw`@(?:ai|llm|agent|assistant)[-_](?:instructions?|note|directive|prompt)\b`,
  raw`\bbefore\W+(?:using|calling|invoking|running)\W+this\W+tool\b`,
  raw`\bif\W+you(?:'re|\W+are)\W+(?:an?\W+|the\W+)?${AI}\b`,
  raw`\bif\W+(?:an?|the|any|some)\W+(?:\w+\W+)?${AI}\W+(?:is|are|was)\W+(?:reading|processing|parsing|seeing|summari[sz]ing|looking\W+at|analy[sz]ing|viewing)\b`,
  raw`(?:\b${AI_STRICT}|\b(?:any|every|each|all)\W+(?:\w+\W+)?(?:agents?|assistants?|models?|bots?)|\b(?:agents|assistants|models|bots|llms))\W+(?:(?:that|which|who)\W+(?:are\W+)?)?(?:reading|processing|parsing|analy[sz]ing|summari[sz]ing|scanning|ingesting|indexing|viewing|seeing|reviewing|fixing|editing|refactoring|using|reads?|process(?:es)?|parses?|sees?|encounters?|summari[sz]es?)\W+(?:this|these|the\W+following|the\W+(?:page|file|output|document|results?|repo(?:sitory)?|code|text|module|issue|action|script))\b`,
  raw`\bto\W+(?:the|any|all|every)\W+(?:\w+\W+){0,2}?(?:ai|llms?|agents?|assistants?|models?|bots?)\W+(?:reading|processing|parsing|seeing|summari[sz]ing|fixing|reviewing|that|who|which)\b`,
  raw`\b(?:ai|llm|assistant|agent|model|bot|claude|copilot)[-_ ](?:note|notes|instructions?|hint|todo|directive|memo)\s*(?:\([^)]{0,40}\)\s*)?:`,
  raw`\b(?:note|todo|fixme|hint|hack)\s*\(\s*(?:ai|llm|agents?|assistants?|copilot|claude|bots?|models?)\s*\)`,
  raw`\b(?:claude|copilot|chatgpt|gemini|codex|devin)\s*,\s*(?=please|you|when|if|before|after|always|never|from)`,
].join("|");
/** An AI named as the subject of a label line: "LLMs:", "AI code assistants:". */
const AI_LABEL =
  raw`(?:^|[.!?>*#(\[])[ \t]*(?:(?:for|to|attention|dear)[ \t]+)?(?:${AI_STRICT}|cursor|devin)(?:[ \t]*(?:\/|,|and|or|&)[ \t]*(?:\w+[ \t]+)?\w+){0,4}[ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?:(?!\/)`;
const PERSISTENCE =
  raw`(?:from\W+now\W+on|from\W+this\W+point(?:\W+(?:on|forward))?|going\W+forward|henceforth|hereafter)`;
const PERSISTENCE_AGENT =
  raw`(?:(?:in|for)\W+(?:all\W+)?(?:future|subsequent|later)\W+(?:sessions?|conversations?|chats?|interactions?)|every\W+(?:future\W+)?session|for\W+(?:all|every)\W+(?:future\W+)?(?:sessions?|conversations?|chats?)|across\W+(?:all\W+)?(?:future\W+)?(?:sessions|conversations|chats))`;
const DANGER_VERBS =
  raw`(?:disable|disabling|skip|skipping|bypass|bypassing|turn\W+off|turning\W+off|switch\W+off|remove|removing|delete|deleting|deactivate|circumvent|comment\W+out|get\W+around|uninstall|silence|mute)`;
export const NEGATION =
  /\b(?:never|don't|dont|do\W+not|must\W+not|mustn't|should\W+not|shouldn't|avoid|no\W+longer|stop(?:ped|s)?|instead\W+of|rather\W+than|not\W+to|prohibited|forbidden|discouraged|remov(?:e|es|ed|ing)|drop(?:s|ped)?|revert(?:s|ed)?|forbids?|block(?:s|ed)?|prevent(?:s|ed)?|disallow(?:s|ed)?|(?:warn|protect|guard)(?:s|ed)?\W+against)\b[^.;!?\n]{0,48}$/i;
export const SKETCHY_HOST =
  /https?:\/\/(?:\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|[^\s/]*(?:pastebin\.com|paste\.ee|hastebin|transfer\.sh|bit\.ly|tinyurl\.com|ngrok|webhook\.site|gist\.githubusercontent\.com))|http:\/\//i;
// Installers that READMEs legitimately pipe to a shell.
export const KNOWN_INSTALLER =
  /https:\/\/(?:deno\.land|sh\.rustup\.rs|get\.docker\.com|bun\.sh|astral\.sh|install\.python-poetry\.org|get\.pnpm\.io|raw\.githubusercontent\.com\/(?:nvm-sh|Homebrew)\/)/i;

const CATALOGUE: Record<InjectionKind, readonly Row[]> = {
  "override": [
    [
      "ignore_instructions",
      0.9,
      raw`\b${OVERRIDE_VERB}${gap(3)}${QUALIFIER}\W+(?:\w+\W+){0,3}?${STRONG_OBJECT}\b`,
    ],
    [
      "ignore_given_earlier",
      0.85,
      raw`\b${OVERRIDE_VERB}${
        gap(2)
      }${STRONG_OBJECT}\W+(?:\w+\W+){0,3}?(?:earlier|before|previously|so\W+far|initially|originally|you\W+(?:were|have\W+been)\W+(?:given|told)|you\W+received)\b`,
    ],
    [
      "passive",
      0.85,
      raw`\b(?:previous|prior|above|earlier|preceding|original|your)\W+(?:\w+\W+){0,2}?(?:instructions?|directives?|guidelines|guidance|prompts?|rules)\W+(?:\w+\W+){0,5}?(?:(?:should|must|can|are\W+to|will|may)\W+(?:now\W+)?be\W+(?:ignored|disregarded|forgotten|discarded|overridden|skipped|dropped|(?:considered|treated\W+as|deemed|regarded\W+as)\W+(?:void|invalid|obsolete|outdated|revoked|null|cancell?ed|irrelevant))|(?:are|is)\W+(?:now\W+)?(?:void|null|revoked|cancell?ed|overridden|suspended|lifted))\b`,
    ],
    [
      "ignore_context",
      0.6,
      raw`\b${OVERRIDE_VERB}${
        gap(2)
      }(?:previous|prior|above|earlier|preceding|original|system|your)\W+(?:\w+\W+){0,2}?${WEAK_OBJECT}\b`,
    ],
    [
      "ignore_user",
      0.6,
      raw`\b${OVERRIDE_VERB}\W+(?:what\W+)?(?:the\W+|your\W+)?user(?:'s)?\W+(?:\w+\W+)?(?:question|request|message|prompt|instructions?|asked|said|wants|query|task)\b`,
    ],
    [
      "ignore_above_and",
      0.6,
      raw`\b(?:ignore|disregard|forget)\W+(?:all\W+)?(?:of\W+)?(?:the\W+|everything\W+|anything\W+)?(?:above|previous|prior|preceding|earlier)(?:\W+(?:text|content|messages?|input|prompt|conversation))?\W+(?:and|then)\W+${IMPERATIVE}\b`,
    ],
    [
      "forget_everything",
      0.85,
      raw`\b(?:forget|disregard|ignore|erase|wipe)\W+(?:everything|all|anything|what)\W+(?:(?:that|which)\W+)?(?:(?:you\W+(?:were|have\W+been|'ve\W+been)\W+(?:told|given|taught))|above|before\W+this|prior|previously|so\W+far|until\W+now|up\W+to\W+(?:now|here|this\W+point)|(?:in|from)\W+(?:your|the)\W+(?:system\W+prompt|instructions|context))\b`,
    ],
    [
      "new_instructions",
      0.75,
      raw`\b(?:new|updated|revised|real|actual|true|secret|hidden|override|replacement|changed)\W+(?:system\W+)?(?:assignment|instructions?|directives?|system\W+prompt|prompt|orders|rules)\s*:|\bsystem\W+(?:prompt|instructions?|message)\W+(?:update|override|change|patch|amendment)\s*:|\byour\W+(?:new|real|actual|true|only|updated|revised|primary|secret)\W+(?:instructions?|task|assignment|goal|objective|mission|purpose|job|directive|orders|priority)\W+(?:is|are|will\W+be)?\W*(?::|to\b)|\bthe\W+real\W+instructions\W+(?:are|is|follow)\b`,
    ],
    [
      "task_cancelled",
      0.5,
      raw`\b(?:the\W+|your\W+)?(?:task|request|instructions?)\W+(?:from|of|given\W+by)\W+the\W+user\W+(?:has\W+been|was|is)\W+(?:cancell?ed|revoked|withdrawn|replaced|superseded)\b`,
    ],
    [
      "safety_settings",
      0.6,
      raw`\byour\W+(?:safety|security|content|permission|access)\W+(?:settings|rules|restrictions|policies|filters|level)\W+(?:have|has)\W+been\W+(?:updated|changed|lifted|relaxed|removed|disabled)\b`,
    ],
    [
      "treat_above_untrusted",
      0.6,
      raw`\btreat\W+(?:everything|all|anything)\W+(?:\w+\W+)?(?:above|before|prior|previous)\w*\W+as\W+(?:untrusted|fake|invalid|void|a\W+test|irrelevant|outdated)\b`,
    ],
    [
      "your_priority",
      0.4,
      raw`\byour\W+(?:(?:top|main|first|real|true|actual|only|new)\W+)?(?:priority|mission|objective|purpose|directive)\W+(?:is|now\W+is|will\W+be)\b`,
    ],
    [
      "follow_only",
      0.6,
      raw`\b(?:only|exclusively)\W+(?:follow|obey)s?\W+(?:the\W+)?(?:instructions|directions|commands|rules)\W+(?:below|here|in\W+this|that\W+follow)|\b(?:follow|obey)s?\W+only\W+(?:(?:the\W+|this\W+|these\W+|my\W+)?(?:instructions?|directions|commands|comment|message|note|text|file)\b|what\W+(?:comes|follows)\b)`,
    ],
    [
      "outdated_instructions",
      0.45,
      raw`\b(?:above|previous|prior|preceding|earlier|original|your)\W+(?:\w+\W+){0,2}?(?:instructions?|directives?|guidelines|guidance|rules|prompt|task)\W+(?:\w+\W+){0,4}?(?:outdated|obsolete|void|revoked|cancell?ed|invalid|superseded|fake|false|a\W+test|only\W+a\W+test|no\W+longer\W+(?:apply|applies|valid|in\W+effect|holds?|stands?|matters?)|do\W+not\W+apply|don't\W+apply)\b|\b(?:task|instructions?)\W+you\W+were\W+given\W+(?:\w+\W+){0,3}?(?:was|were|is)\W+(?:only\W+)?(?:a\W+test|fake|void|outdated|wrong)`,
    ],
    [
      "precedence",
      0.6,
      raw`\b(?:takes?|has|have)\W+(?:\w+\W+)?(?:precedence|priority)\W+over\W+(?:\w+\W+){0,3}?(?:instructions?|guidance|guidelines|rules|directives|system\W+prompt|prompt)\b|\b(?:supersedes?|overrides?|replaces?|cancels?|voids?|revokes?)\W+(?:all\W+|any\W+)?(?:previous|prior|earlier|other|your|existing|all|any)\W+(?:\w+\W+)?(?:instructions?|guidance|guidelines|directives|system\W+prompt|prompts?)\b`,
    ],
    [
      "system_override",
      0.6,
      raw`\b(?:system|developer|emergency|priority|security|safety)\W+override\b`,
    ],
    ["admin_override", 0.35, raw`\b(?:admin|administrator|root|sudo)\W+override\b`],
    [
      "override_granted",
      0.6,
      raw`\boverride\W+(?:mode\W+)?(?:granted|enabled|activated|accepted|confirmed|engaged)\b`,
    ],
    [
      "fake_boundary",
      0.35,
      raw`\b(?:end|close)\W+of\W+(?:the\W+)?(?:tool\W+output|search\W+results?|user\W+(?:input|data|message|content)|untrusted\W+(?:data|content|input)|context\W+window|web\W*page|page\W+content|issue|comment|thread|ticket|transcript|conversation|email|message\W+body|description|document|data|input)\b`,
    ],
    [
      "fake_section",
      0.45,
      raw`\b(?:begin|start)\W+(?:of\W+)?(?:new|system|admin|developer|real|actual)\W+(?:instructions|prompt|message|task)\b`,
    ],
    ["system_prompt_mention", 0.2, raw`\bsystem\W+(?:prompt|message|instructions)\b`],
  ],

  "role_hijack": [
    [
      "you_are_now",
      0.75,
      raw`\byou(?:'re|\W+are)\W+(?:now|henceforth|no\W+longer)\W+(?:(?:\w+gpt|\w*bot|dan)\b|(?:an?|the|my|in|called|named|operating|acting|playing)\W+(?:\w+\W+){0,2}?(?:ai|assistant|agent|bot|model|llm|chatbot|persona|character|jailbroken|unrestricted|unfiltered|uncensored|evil|root|superuser|administrator|admin|mode)\b)`,
    ],
    [
      "from_now_on_you_are",
      0.45,
      raw`\b(?:from\W+now\W+on|henceforth)\W+you(?:'re|\W+are|\W+will\W+be)\b`,
    ],
    [
      "you_will_be",
      0.5,
      raw`\byou(?:'ll|\W+will)\W+(?:now\W+)?be\W+(?:an?\W+|the\W+)?(?:\w+[- ])?(?:assistant|bot|gpt|ai|agent|mode)\b`,
    ],
    [
      "confirm_ritual",
      0.4,
      raw`\b(?:confirm|acknowledge)\W+(?:this\W+)?by\W+(?:replying|responding|saying|typing|answering)\b`,
    ],
    [
      "you_are_an_ai",
      0.25,
      raw`\byou(?:'re|\W+are)\W+(?:an?\W+)?(?:helpful\W+|friendly\W+|expert\W+|obedient\W+)?(?:ai|assistant|ai\W+assistant|language\W+model|chatbot)\b`,
    ],
    [
      "unbound",
      0.6,
      raw`\byou(?:'re|\W+are)\W+(?:now\W+)?(?:no\W+longer|not)\W+(?:bound|restricted|limited|constrained|required\W+to\W+follow|subject)\W+(?:by|to)\b|\b(?:no|without(?:\W+any)?)\W+(?:safety|ethical|content|moral)\W+(?:rules?|restrictions?|guidelines?|filters?|limits?|constraints?|polic(?:y|ies))\b|\b(?:ai|assistant|agent|model|bot)\W+(?:with\W+no|without(?:\W+any)?)\W+(?:restrictions|limits|limitations|filters|rules|guardrails)\b`,
    ],
    [
      "act_as",
      0.35,
      raw`\b(?:act|acting|behave|respond|answer|reply|operate|pose)\W+(?:as|like)\W+(?:if\W+you\W+(?:are|were)|(?:an?|the|my|your)\W+(?:\w+\W+){0,2}?(?:ai|assistant|agent|model|llm|chatbot|bot|persona|character|administrator|admin|sysadmin|owner|maintainer|root|superuser|hacker|engineer|developer|manager|system|ci|terminal|shell))\b`,
    ],
    [
      "you_act_as",
      0.65,
      raw`\b(?:you\W+(?:will|must|should|shall|are\W+to|now|will\W+now)|please)\W+(?:act|behave|respond|operate|pose)\W+(?:as|like)\W+(?:an?|the|my|your)\W+(?:\w+\W+){0,3}?(?:ai|assistant|agent|model|llm|chatbot|bot|persona|character|administrator|admin|sysadmin|owner|maintainer|root|superuser|hacker|engineer|developer|manager|system)\b`,
    ],
    [
      "pretend",
      0.6,
      raw`\bpretend\W+(?:that\W+)?(?:you(?:'re|\W+are|\W+were)|to\W+be\W+(?:an?|the)\W+(?:\w+\W+){0,2}?(?:ai|assistant|agent|model|administrator|admin|owner|maintainer|root|developer|system))\b|\b(?:simulate|emulate)\W+being\b|\bimpersonate\W+(?:an?\W+|the\W+)?(?:\w+\W+)?(?:ai|assistant|administrator|admin|owner|maintainer|root|developer|system|user)\b`,
    ],
    [
      "persona",
      0.6,
      raw`\bassume\W+the\W+(?:identity|persona|role)\W+of\b|\b(?:switch|change|adopt)\W+(?:your\W+|to\W+a\W+new\W+)?persona\b|\byour\W+new\W+(?:role|persona|identity|name|personality|job\W+title)\W+(?:is|will\W+be)\b|\blet's\W+play\W+a\W+game\b|\byou\W+(?:will\W+|must\W+|should\W+|now\W+)?(?:role-?play|play\W+the\W+role|take\W+on\W+the\W+role)\b`,
    ],
    [
      "mode_mention",
      0.3,
      raw`\b(?:developer|god|sudo|jailbreak|jailbroken|dan|unrestricted|unfiltered|evil|chaos)\W+mode\b`,
    ],
    [
      "mode_you",
      0.7,
      raw`\b(?:developer|god|admin|sudo|jailbreak|dan|unrestricted|unfiltered|evil|maintenance|debug)\W+mode\W+(?:\w+\W+){0,3}?you\W+(?:are\W+(?:allowed|permitted|free|not\W+bound)|have\W+no|no\W+longer|must|will\W+ignore|ignore|don't|do\W+not)\b`,
    ],
    [
      "jailbreak",
      0.5,
      raw`\b(?:jailbreak|jailbroken|do\W+anything\W+now|(?:unrestricted|unfiltered|uncensored)\W+(?:ai|assistant|model|llm|agent|version))\b|\b(?:ai|assistant|agent|model)\W+that\W+always\W+(?:complies|obeys|agrees)\b|\bnever\W+(?:refuse|decline|say\W+no)\b`,
    ],
  ],

  "exfiltration": [
    [
      "prompt_leak",
      0.7,
      raw`\b(?:reveal|print|output|repeat|show|display|leak|dump|disclose|tell\W+me|write\W+out|echo|share|send|include|return)\W+(?:\w+\W+){0,2}?(?:your|the)\W+(?:full\W+|entire\W+|complete\W+|exact\W+|original\W+|initial\W+|hidden\W+|secret\W+)?(?:system\W+(?:prompt|message|instructions)|(?:initial|original|hidden|secret)\W+(?:prompt|instructions)|instructions\W+you\W+(?:were|have\W+been)\W+given)\b`,
    ],
    [
      "markdown_image",
      0.75,
      raw`!?\[[^\]\n]{0,200}\]\(\s*<?https?:\/\/[^\s)]{0,300}?[?&][\w.-]{1,40}=[^\s)&]{0,80}?(?:\{[\w\s.-]{1,40}\}|\[[\w\s.-]{1,40}\]|<[\w\s.-]{1,40}>|\$\{?\w+|%7b[\w.-]{1,40}%7d|%[a-z_]{3,}%)|<img\b[^>]{0,200}?src\s*=\s*["']https?:\/\/[^"'\s]{0,300}?[?&][\w.-]{1,40}=[^"'\s&]{0,80}?(?:\{[\w\s.-]{1,40}\}|\$\{?\w+|%7b[\w.-]{1,40}%7d)`,
      { on: "decoded" },
    ],
    [
      "markdown_image_placeholder",
      0.45,
      raw`!\[[^\]\n]{0,200}\]\(\s*<?https?:\/\/[^\s)]{0,300}?[?&][\w.-]{1,40}=[A-Z][A-Z0-9_]{3,}\b`,
      { on: "decoded", flags: "g" },
    ],
    [
      "answer_injection",
      0.4,
      raw`\b(?:add|append|include|insert|render|embed|display|show|put|prefix|suffix|end)\w*\W+(?:\w+\W+){0,6}?(?:every|each|all|your)\W+(?:future\W+|next\W+)?(?:answers?|repl(?:y|ies)|responses?|summar(?:y|ies))\b`,
    ],
    [
      "url_variable",
      0.45,
      raw`https?:\/\/[^\s"'<>)]{0,200}?[?&\/][\w.-]{0,40}=?\$(?:\{?\w*(?:key|token|secret|passw\w*|cred\w*)\w*\}?|\((?:env|printenv|cat|whoami|hostname)\b)`,
    ],
    [
      "pipe_secrets",
      0.85,
      raw`\b(?:cat|type|get-content|base64|tar|zip|gzip|xxd|head|tail)\b[^\n|]{0,120}?(?:\.ssh\/|id_rsa|id_ed25519|\.env\b|\.aws\/|credentials|\.npmrc|\.netrc|\.git-credentials|\.pgpass|\.kube\/config|\/etc\/passwd|\/etc\/shadow|\.bash_history)[^\n|]{0,120}\|\s*(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh)\b|\b(?:env|printenv|export\s+-p)\s*\|\s*(?:curl|wget|nc|ncat|netcat)\b|\b(?:curl|wget)\b[^\n]{0,160}?(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--post-file)[\s=]+['"]?@?[^\s'"]*(?:\.ssh\/|id_rsa|id_ed25519|\.env\b|\.aws\/|credentials|\.npmrc|\.netrc|\.git-credentials|\/etc\/passwd)`,
      { on: "lines" },
    ],
    ["system_files", 0.45, raw`\/etc\/(?:shadow|sudoers)\b`],
    [
      "print_ci_secret",
      0.45,
      raw`\b(?:echo|print|printf|cat|log|console\.log|write)\b[^\n|]{0,40}\$\{\{\s*secrets\.(?![^\n]*\|)`,
      { on: "lines" },
    ],
    [
      "private_data",
      0.35,
      raw`\b(?:read|collect|gather|include|copy|list|open)\w*\W+(?:\w+\W+){0,8}?(?:including\W+)?(?:the\W+)?private\W+(?:ones|repos(?:itories)?|files|data|messages|issues|notes|keys)\b`,
    ],
    [
      "sharing_ok",
      0.35,
      raw`\b(?:sharing|sending|posting|pasting|committing|publishing|printing)\W+(?:\w+\W+){0,6}?(?:is|are)\W+(?:ok|okay|fine|allowed|acceptable|safe)\b`,
    ],
    [
      "privacy_dismissed",
      0.45,
      raw`\b(?:does\W*n[o']?t|do\W*n[o']?t|doesn't|don't|never)\W+care\W+about\W+(?:privacy|security|secrets)\b|\b(?:privacy|security)\W+(?:is\W+)?(?:not\W+a\W+concern|doesn't\W+matter|is\W+irrelevant)\b`,
    ],
  ],

  "dangerous_command": [
    [
      "pipe_to_shell",
      0.35,
      raw`\b(?:curl|wget|iwr|invoke-webrequest|irm|invoke-restmethod)\b[^\n|;&]{0,200}\|\s*(?:sudo\s+(?:-\w+\s+)?)?(?:(?:ba|z|k|da|fi)?sh|python[23]?|perl|ruby|node|php|iex|invoke-expression)\b|\b(?:(?:ba|z)?sh|python[23]?|perl|ruby|node)\s+(?:-[ce]\s+)?["']?\$\(\s*(?:curl|wget)\b[^)\n]{0,200}|\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)\b[^)\n]{0,200}|\biex\b[^\n]{0,40}\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|new-object)\b`,
      { on: "lines", negatable: true },
    ],
    [
      "download_execute",
      0.4,
      raw`\b(?:download|fetch|pull)\w*\W+(?:\w+\W+){0,6}?(?:from\W+)?https?:\/\/\S{1,200}\W+(?:\w+\W+){0,3}?(?:execute|run|source|eval)s?\b|\bset-executionpolicy\W+(?:unrestricted|bypass)\b|\beval\s*\(\s*(?:request|req|input|params|user)\b`,
      { negatable: true },
    ],
    [
      "rm_root",
      0.7,
      raw`\brm\s+(?:-{1,2}[\w-]+\s+){0,3}?-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:-{1,2}[\w-]+\s+){0,3}(?:\/\*?|~\/?\*?|\$home\/?\*?|\$\{home\}\/?|\.\.\/\.\.\/?|\/(?:etc|usr|var|home|boot|bin|lib|opt|root|system|library|users)\/?\*?)(?=$|[\s"'\x60;&|)])|--no-preserve-root\b`,
      { on: "lines", negatable: true },
    ],
    [
      "disk_wipe",
      0.7,
      raw`\bmkfs(?:\.\w+)?\s+\/dev\/|\bdd\s+if=\/dev\/(?:zero|u?random)\s+of=\/dev\/(?!null)|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|>\s*\/dev\/sd[a-z]\b`,
      { on: "lines", negatable: true },
    ],
    [
      "chmod",
      0.4,
      raw`\bchmod\s+(?:-r\s+|--recursive\s+)?(?:0?777|a\+rwx|ugo\+rwx|o\+w|[ugoa]*\+s|4755)\b`,
      { on: "lines", negatable: true },
    ],
    [
      "chmod_root",
      0.7,
      raw`\bchmod\s+(?:-r\s+|--recursive\s+)?(?:0?777|a\+rwx|ugo\+rwx)\s+(?:\/|~\/?|\/(?:etc|usr|bin|var|home))(?=$|[\s"'\x60;&|)])|\bchown\s+(?:-r\s+|--recursive\s+)\S{1,40}\s+(?:\/|~\/?)(?=$|[\s"'\x60;&|)])`,
      { on: "lines", negatable: true },
    ],
    [
      "no_verify",
      0.25,
      raw`--no-verify\b|\bhusky=0\b|\bhusky_skip_hooks\b|\bskip_hooks?=|\bpre-commit\s+uninstall\b|--no-gpg-sign\b|\bcommit\w*\b[^\n]{0,30}?\s-n\b`,
      { on: "lines", negatable: true },
    ],
    [
      "suppress_checks",
      0.15,
      raw`\beslint-disable\b|@ts-nocheck\b|#\s*type:\s*ignore\b|#\s*noqa\b|#\s*nosec\b`,
      { on: "lines", negatable: true },
    ],
    [
      "hooks_path",
      0.5,
      raw`core\.hookspath\s+\/dev\/null|\brm\s+(?:-\w+\s+)*\.git\/hooks\/?\*?(?=$|[\s;&|\x60])`,
      { on: "lines", negatable: true },
    ],
    [
      "disable_checks",
      0.3,
      raw`\b${DANGER_VERBS}\W+(?:\w+\W+){0,3}?(?:pre-?commit\W+hooks?|pre-?push\W+hooks?|git\W+hooks|hooks|tests|test\W+suite|unit\W+tests|ci\W+checks?|status\W+checks|checks|linters?|linting|type\W*check(?:s|ing)?|code\W+review|reviews?|asserts?|assertions?|validation)\b`,
      { negatable: true },
    ],
    [
      "disable_security",
      0.45,
      raw`\b${DANGER_VERBS}\W+(?:\w+\W+){0,3}?(?:branch\W+protection|csp|content\W+security\W+policy|csrf(?:\W+(?:protection|checks?))?|xss\W+protection|dependabot(?:\W+alerts)?|vulnerability\W+alerts|rate\W+limit(?:er|ing|s)?|security[-\s](?:scans?|scanners?|scanning|checks?|audits?|tests|alerts|jobs?)|secret\W+scanning|(?:ssl|tls|certificate|signature|gpg|hostname)\W+(?:verification|checks?|validation)|2fa|mfa|two-factor|sandbox(?:ing)?|firewall|antivirus|audit\W+logs?|codeql|safety\W+checks?|auth(?:entication)?\W+checks?|auth\W+middleware)\b|\b(?:mark|make|set)\W+(?:\w+\W+){0,3}?(?:checks?|tests?|scans?|jobs?)\W+(?:as\W+)?(?:not\W+required|optional|non-?blocking|allowed\W+to\W+fail)\b`,
      { negatable: true },
    ],
    [
      "push_main",
      0.35,
      raw`\b(?:push|pushing|pushed|commit|committing|merge|merging|deploy|deploying)\W+(?:\w+\W+){0,4}?(?:(?:directly|straight)\W+(?:to|into|onto)\W+(?:the\W+)?(?:main|master|production|prod|trunk)|(?:to|into|onto)\W+(?:the\W+)?(?:main|master|production|prod|trunk)\W+(?:\w+\W+)?(?:directly|straight)|(?:to|into|onto)\W+protected\W+branch(?:es)?)\b|\bgit\s+push\s+(?:\S+\s+){0,3}?(?:--force(?!-with-lease)|-f)\b[^\n]{0,40}\b(?:main|master)\b|\bgit\s+push\s+[^\n]{0,40}\b(?:main|master)\b[^\n]{0,20}(?:--force(?!-with-lease)|\s-f\b)|\bforce[- ]?push\w*\W+(?:\w+\W+){0,3}?(?:main|master|protected|production|shared|release)`,
      { negatable: true },
    ],
    [
      "without_review",
      0.35,
      raw`\bwithout\W+(?:\w+\W+){0,2}?(?:review|reviews|reviewing|approval|a\W+pull\W+request|opening\W+a\W+pull\W+request|a\W+pr|ci|running\W+(?:the\W+)?(?:tests|ci|checks)|testing|confirmation|asking|permission|consent)\b|\b(?:reviews?|approvals?|ci|tests)\W+(?:are|is)\W+not\W+(?:required|needed|necessary)\b|\bno\W+(?:confirmation|approval|review)\W+(?:is\W+)?(?:needed|required|necessary)\b|\b(?:auto-?approve|approve\W+(?:and\W+merge\W+)?(?:all|every|any))\b|\b(?:push|merge|deploy|commit)\W+anyway\b|\b(?:do\W+not|don't|never)\W+open\W+(?:a\W+)?(?:pull\W+requests?|prs?)\b`,
    ],
    [
      "tls_off",
      0.35,
      raw`node_tls_reject_unauthorized\W{0,3}0\b|strict-ssl\W+false|\bgit_ssl_no_verify\s*=\s*(?:1|true)|\b(?:verify_?ssl|ssl_?verify|verify|check_?hostname|reject_?unauthorized|verify_?certs?)\s*[=:]\s*(?:false|0|none)\b|\binsecure_?skip_?verify\s*[=:]\s*true\b|--insecure\b|\bpip\b[^\n]{0,60}--trusted-host\b|python_https_verify\s*=\s*0|_create_unverified_context\b|cert_?reqs\s*=\s*ssl\.cert_none|verify_mode\s*=\s*ssl\.cert_none`,
      { on: "lines", negatable: true },
    ],
    [
      "reverse_shell",
      0.8,
      raw`\/dev\/tcp\/|\bnc(?:at)?\s+(?:-\w+\s+)*-[a-z]*e\s+\/bin\/(?:ba)?sh|\bmkfifo\b[^\n]{0,80}\bnc\b|\bsocat\b[^\n]{0,80}exec:|\bbash\s+-i\s+>&`,
      { on: "lines", negatable: true },
    ],
    [
      "foreign_key",
      0.6,
      raw`\bssh-(?:rsa|ed25519|ecdsa)\s+AAAA[\w+\/=]{20,}[\s\S]{0,120}?authorized_keys\b`,
      { negatable: true },
    ],
    [
      "authorized_keys",
      0.45,
      raw`\b(?:add|append|write|put|insert|echo)\b[^\n]{0,200}?\bauthorized_keys\b|>>?\s*\S*authorized_keys\b|\bnopasswd\s*:\s*all\b`,
      { on: "lines", negatable: true },
    ],
    [
      "agent_bypass",
      0.5,
      raw`--dangerously-skip-permissions\b|--dangerously-bypass\S*|\b(?:auto-?approve|approve)\W+(?:all|every|any)\W+(?:tool\W+calls?|commands?|actions?|tools?|edits|requests)\b|\bnever\W+ask\W+(?:\w+\W+){0,2}?(?:confirmation|permission|approval)\b`,
      { negatable: true },
    ],
    [
      "registry",
      0.35,
      raw`\b(?:npm|yarn|pnpm)\s+config\s+set\s+registry\b|--registry[=\s]+https?:\/\/|\b(?:--index-url|--extra-index-url)\s+https?:\/\/|\b(?:default|trusted|allowed)\W+(?:npm\W+|package\W+|pypi\W+)?(?:registry|registries|package\W+index|mirror)\b`,
      { on: "lines", negatable: true },
    ],
    [
      "expose",
      0.45,
      raw`\b(?:open|expose|allow)\W+(?:\w+\W+){0,3}?(?:port\W+\d+|ssh|rdp|the\W+database|\d{2,5}\/tcp)\W+(?:\w+\W+){0,2}?(?:0\.0\.0\.0\/0|::\/0|the\W+(?:internet|world|public))`,
      { negatable: true },
    ],
    [
      "tests_never_run",
      0.35,
      raw`\b(?:tests?|checks?|ci|linters?|hooks?)\W+(?:should|must|will)\W+(?:never|not)\W+(?:be\W+)?(?:run|executed|enabled)\b`,
    ],
    [
      "hardcode_secret",
      0.45,
      raw`\bhard-?code\w*\W+(?:\w+\W+){0,3}?(?:tokens?|secrets?|keys?|passwords?|credentials)\b`,
    ],
    [
      "no_warnings",
      0.35,
      raw`\b(?:never|don't|do\W+not|no\W+need\W+to|not\W+need\W+to|stop)\W+(?:\w+\W+)?(?:warn(?:ing)?|ask(?:ing)?\W+for\W+(?:confirmation|approval|permission)|double-check(?:ing)?)\W+(?:them|the\W+user|him|her|me|us|about)\b`,
    ],
    [
      "no_gates",
      0.25,
      raw`\bno\W+(?:approvals?|reviews?|tests),\W+no\W+(?:approvals?|reviews?|tests|ci|checks)\b`,
    ],
    [
      "grant_access",
      0.2,
      raw`\bsecrets\s*:\s*inherit\b|\bpermissions\s*:\s*write-all\b|\bgrant\W+(?:\w+\W+){0,3}?(?:admin|write|owner|root|full)\W+(?:access|permissions?|rights|scope)\b`,
      { negatable: true },
    ],
  ],

  "hidden_text": [
    [
      "decode_and_follow",
      0.35,
      raw`\bdecode\W+(?:\w+\W+){0,4}?(?:and|then)\W+(?:follow|execute|run|obey|apply|do)\b|\bbase64\W+(?:\w+\W+){0,3}?(?:instructions?|commands?)\b`,
    ],
  ],

  "memory_directive": [
    [
      "to_memory",
      0.75,
      raw`\b(?:remember|memori[sz]e|store|save|record|note|keep|add|write|persist|log|put|commit)\b[^.\n]{0,40}?\b(?:in|into|to|for)\W+your\W+(?:\w+\W+){0,2}?(?:memory|memories|notes|knowledge(?:\W+base)?|rules|instructions|memory\W+file|system\W+prompt|guidelines|long-term\W+storage)\b`,
    ],
    [
      "save_to_memory",
      0.6,
      raw`\b(?:save|store|add|write|commit|record|remember|persist)\W+(?:this\W+|that\W+|it\W+)?(?:to|in|into)\W+(?:long-term\W+|persistent\W+|permanent\W+)?memory\s*:|\b(?:save|store|add|write|commit|record|persist)\W+(?:this\W+|that\W+|it\W+)?(?:to|in|into)\W+(?:long-term|persistent|permanent)\W+(?:memory|storage)\b`,
    ],
    [
      "as_rule",
      0.7,
      raw`\b(?:store|save|record|remember|keep|treat|add|mark|register|memori[sz]e|learn|note)\W+(?:this|that|it|the\W+following)\b[^.\n]{0,30}?\bas\W+(?:an?\W+)?(?:\w+\W+){0,2}?(?:rule|preference|fact|instruction|policy|guideline|directive|memory|requirement|convention|standing\W+order)s?\b|\b(?:learn|remember|store|save|record|memori[sz]e)\W+(?:this|the\W+following|these)\W+(?:\w+\W+)?(?:preference|rule|fact|policy|convention|instruction)s?\b|\b(?:record|store|save|memori[sz]e)\W+as\W+(?:an?\W+)?(?:\w+\W+){0,2}?(?:rule|preference|convention|policy|fact|guideline|directive)s?\b`,
    ],
    [
      "instruction_file",
      0.45,
      raw`\b(?:add|append|write|insert|put|save|store|include)\b[^.\n]{0,60}?\b(?:to|into|in)\W+(?:your\W+|the\W+)?(?:claude\.md|agents\.md|\.cursorrules|\.windsurfrules|copilot-instructions\.md|gemini\.md|\.clinerules|memory\.md)`,
    ],
    [
      "permanent_note",
      0.5,
      raw`\bmake\W+(?:a\W+)?(?:permanent|persistent|long-term|standing)\W+note\b|\b(?:memory|memories)\W+update\W+for\b`,
    ],
    [
      "for_next_time",
      0.5,
      raw`\b(?:remember|memori[sz]e|note)\W+(?:(?:this|that)\W+)?for\W+(?:next\W+time|later|the\W+future|future\W+\w+|all\W+future)\b`,
    ],
    [
      "update_rules",
      0.7,
      raw`\b(?:update|change|modify|overwrite|rewrite|edit|amend)\W+your\W+(?:\w+\W+)?(?:memory|memories|rules|instructions|guidelines|knowledge|system\W+prompt|behaviou?r)\b`,
    ],
    [
      "update_preferences",
      0.35,
      raw`\b(?:update|change|modify|overwrite|set)\W+your\W+(?:\w+\W+)?(?:preferences|defaults)\b`,
    ],
    [
      "for_your_notes",
      0.45,
      raw`\bfor\W+your\W+(?:\w+\W+){0,2}?(?:memory|memories|notes|records)\b|\(see\W+(?:your\W+)?memory\)`,
    ],
    [
      "mention",
      0.25,
      raw`\b(?:long-term|persistent|permanent)\W+(?:memory|memories|notes|rules|context|storage)\b|\byour\W+memor(?:y|ies)\b`,
    ],
    [
      "retain",
      0.5,
      raw`\b(?:retain|keep|remember|persist|carry|store|save)\w*\W+(?:\w+\W+){0,3}?(?:across|between|for\W+(?:all\W+)?(?:future|later|subsequent))\W+(?:sessions|conversations|chats|interactions)\b`,
    ],
    [
      "remember_user",
      0.6,
      raw`\bremember\W+(?:that\W+)?(?:the\W+|this\W+)?(?:user|owner|team|maintainers?|developer|human|client|boss|customer)s?(?:'s?)?\W+(?:\w+\W+){0,3}?(?:wants?|prefers?|likes?|asked|requires?|expects?|approved|authori[sz]ed|allows?|is\W+(?:fine|ok|okay)|always|never|doesn't|does\W+not|don't|insists?)\b`,
    ],
    [
      "remember_you",
      0.3,
      raw`\bremember\W+(?:that\W+)?you\W+(?:should|must|can|are\W+allowed|are\W+supposed|always|never)\b`,
    ],
    [
      "user_wants_you",
      0.55,
      raw`\b(?:the|this|my|our)\W+(?:\w+'s\W+)?(?:user|owner|developer|maintainer|team|client|customer|human)s?\W+(?:\w+\W+)?(?:prefers?|wants?|would\W+(?:like|prefer)|likes?|has\W+asked|asked|requested|has\W+requested|expects?|instructs?|insists?|told\W+me|needs?)\W+(?:(?:that|it\W+when|for|if)\W+)?(?:you|the\W+(?:ai|assistant|agent|model))\b`,
    ],
    [
      "user_prefers",
      0.2,
      raw`\b(?:the|this)\W+user(?:'s)?\W+(?:\w+\W+)?(?:prefers?|wants?|preference\W+is|would\W+like|likes?|is\W+(?:fine|ok|okay)\W+with|doesn't\W+mind|has\W+approved)\b`,
    ],
    [
      "persistence",
      0.3,
      raw`\b(?:${PERSISTENCE}|all\W+future\W+\w+|for\W+(?:all|every)\W+future\W+\w+|for\W+next\W+time|permanently)\b`,
    ],
    ["persistence_agent", 0.5, raw`\b${PERSISTENCE_AGENT}\b`],
    [
      "standing_directive",
      0.25,
      raw`\b${PERSISTENCE}\W+(?:(?:you\W+)?(?:will|must|should|shall|are\W+to|need\W+to|have\W+to)\W+)?(?:always|never|do\W+not|don't|make\W+sure|ensure|only|just)\b|\b${PERSISTENCE}\W+you\W+(?:must|should|shall|are\W+to|need\W+to|have\W+to)\b`,
    ],
  ],

  "agent_directive": [
    ["addressed", 0.5, raw`${ADDRESSEE}`],
    ["label", 0.5, AI_LABEL, { on: "lines", flags: "gim" }],
    ["mention", 0.3, raw`@(?:copilot|claude|cursor|codex|devin|gemini|chatgpt)\b`],
    [
      "directive",
      0.75,
      raw`(?:${ADDRESSEE}|${AI_LABEL}|@(?:copilot|claude|cursor|codex|devin|gemini|chatgpt)\b)[\s\S]{0,200}?${DIRECTIVE}`,
    ],
    [
      "role_line",
      0.55,
      raw`(?:^|[^\w\s])\s*(?:assistants?|ai|agents?|claude|copilot|chatgpt|gpt|llm|model|prompt)\s*:\s*(?:[^.\n]{0,60}?[,;]\s*)?(?:${IMPERATIVE}\b|(?:when|if|before|after|once)\W+you\b|from\W+now\W+on\b|you\W+(?:must|should|will|are)\b)`,
      { on: "lines", flags: "gim" },
    ],
    [
      "agents_must",
      0.5,
      raw`\b(?:all|any|every|each)\W+(?:\w+\W+)?(?:agents?|assistants?|llms?|ai\W+models?)\W+(?:must|should|shall|are\W+(?:required|instructed|expected)\W+to|need\W+to|have\W+to)\b|\b(?:ai|llm|gpt|coding|code|autonomous|automated)(?:\W+\w+)?\W+(?:agents?|assistants?|tools?|bots?|reviewers?)\W+(?:\w+\W+){0,5}?(?:must|should|shall|are\W+(?:required|instructed|expected|allowed|permitted|authori[sz]ed)\W+to|need\W+to|have\W+to)\W+(?!be\b)`,
    ],
    [
      "ai_editing_must",
      0.5,
      raw`\b${AI_STRICT}\W+(?:(?:that|who)\W+(?:are\W+)?)?(?:refactoring|editing|generating|modifying|working\W+on|touching|changing|writing|triaging)\W+(?:\w+\W+){0,3}?(?:must|should|shall|need\W+to)\W+(?!be\b)`,
    ],
    [
      "permission_claim",
      0.55,
      raw`\b${AI_STRICT}\W+(?:\w+\W+){0,2}?(?:have|has|got|are\W+given|are\W+granted)\W+(?:\w+\W+)?(?:permission|authori[sz]ation|approval|clearance)\b|\bstanding\W+(?:permission|authori[sz]ation|approval)\b`,
    ],
    [
      "the_assistant_must",
      0.4,
      raw`\bthe\W+(?:assistant|ai\W+agent|coding\W+agent|agent)\W+(?:\w+\W+){0,5}?(?:must|should|shall|needs?\W+to|has\W+to|is\W+(?:required|instructed|expected)\W+to)\b`,
    ],
  ],

  "concealment": [
    [
      "dont_tell",
      0.4,
      raw`\b(?:do\W+not|don't|never|without)\W+(?:tell|telling|inform|informing|mention|mentioning|notify|notifying|alert|alerting|disclose|disclosing|reveal|revealing|letting|let)\W+(?:\w+\W+)?(?:the\W+)?(?:user|human|developer|operator|owner|maintainers?|anyone|reviewer)\b`,
    ],
    [
      "hide_this",
      0.55,
      raw`\b(?:do\W+not|don't|never)\W+(?:mention|reveal|disclose|repeat|reference|acknowledge|quote|discuss|explain)\W+(?:\w+\W+){0,2}?(?:this|these)\b|\bkeep\W+this\W+(?:secret|hidden|confidential|between\W+us)\b|\b(?:do\W+not|don't|never)\W+(?:mention|bring\W+(?:it|this|them)\W+up|reveal|disclose|report|flag|surface|say\W+anything\W+about|talk\W+about)\W+(?:\w+\W+){0,3}?(?:in\W+your\W+(?:summary|reply|response|answer|report|output)|to\W+the\W+(?:user|developer|human|owner|reviewer))\b`,
    ],
    [
      "hide_own_actions",
      0.55,
      raw`\b(?:do\W+not|don't|never)\W+(?:mention|tell|reveal|say|report|disclose)\W+(?:\w+\W+){0,3}?that\W+you\b|\b(?:skip|avoid|omit|leave\W+out)\W+(?:mentioning|the\W+part|any\W+mention|reporting|referencing|the\W+detail)\b|\b(?:do\W+not|don't|never)\W+(?:list|mention|include|note|record|log)\W+(?:it|this|them|that)\W+in\W+(?:the\W+|your\W+)?(?:changelog|pr|pull\W+request|commit\W+message|summary|release\W+notes|description)\b`,
    ],
    [
      "quietly",
      0.35,
      raw`\b(?:make|do|apply|push|ship|merge|commit)\W+(?:\w+\W+){0,2}?(?:quietly|silently|secretly|covertly)\b`,
    ],
    [
      "do_not_display",
      0.45,
      raw`\(\s*(?:do\W+not|don't|never)\W+(?:display|show|print|output|render|repeat|reveal|mention|read\W+aloud)\b[^)]{0,30}\)|\b(?:do\W+not|don't|never)\W+(?:display|show|print|output|render|reveal)\W+(?:this|these)\W+(?:\w+\W+)?(?:instructions?|note|message|text|section|comment)\b`,
    ],
    [
      "silently",
      0.35,
      raw`\b(?:silently|secretly|quietly|covertly|discreetly|stealthily)\W+(?:\w+\W+)?(?:run|execute|send|upload|install|add|modify|change|push|commit|delete|remove|exfiltrate|include|append|insert|replace|disable|forward|copy)\b`,
    ],
    [
      "fake_result",
      0.4,
      raw`\b(?:tell\W+the\W+user|report|claim|say|state|pretend|mark)\W+(?:\w+\W+){0,6}?(?:tests?|checks?|builds?|ci|audit|scan|review|them)\W+(?:\w+\W+){0,2}?(?:passed|succeeded|green|clean|skipped|as\W+passing)\b|\b(?:reply|respond|answer|say|tell\W+(?:the\W+)?user|claim|state)\W+(?:\w+\W+){0,3}?that\W+(?:\w+\W+){0,6}?(?:has\W+no\W+(?:known\W+)?(?:vulnerabilities|issues|problems|cves)|is\W+(?:safe|secure|clean|trustworthy|verified|officially\W+endorsed)|no\W+(?:known\W+)?vulnerabilities|(?:found|reported|had)\W+no\W+(?:known\W+)?(?:issues|problems|vulnerabilities|cves|findings))\b`,
    ],
  ],

  "authority_claim": [
    [
      "user_authorized",
      0.6,
      raw`\b(?:user|owner|maintainers?|admin(?:istrator)?s?|developers?|operator|security\W+team|your\W+(?:user|owner|developer|creator|operator))\W+(?:has|have|had)\W+(?:already\W+)?(?:\w+\W+)?(?:authori[sz]ed|approved|pre-?approved|consented|granted|given|allowed|permitted|sanctioned|okayed|cleared|signed\W+off)\W+(?:you|the\W+(?:ai|assistant|agent|model)|this|these|it|all|agents?|assistants?)\b`,
    ],
    [
      "approved_action",
      0.4,
      raw`\b(?:user|owner|maintainers?|admin(?:istrator)?s?)\W+(?:has|have)\W+(?:already\W+)?(?:explicitly\W+)?(?:approved|authori[sz]ed|allowed|permitted|okayed|sanctioned)\W+(?:\w+[- ])?\w+ing\b`,
    ],
    [
      "approved_by",
      0.4,
      raw`\b(?:approved|authori[sz]ed|sanctioned|pre-?approved|requested|ordered|mandated|recommended|endorsed|signed(?:\W+off)?)\W+by\W+(?:the\W+)?(?:user|owner|repo(?:sitory)?\W+owner|project\W+owner|maintainers?|administrator|admin|developer|management|cto|ceo|ciso|security\W+team)\b`,
    ],
    [
      "as_admin",
      0.65,
      raw`\bas\W+(?:the|your|an?|this)\W+(?:\w+\W+)?(?:administrator|admin|owner|maintainer|developer|creator|operator|supervisor|manager|lead|security\W+(?:officer|team)|root\W+user|superuser|system|anthropic|openai|ceo|cto)\b[^.\n]{0,40}?\b(?:i|we)\W+(?:\w+\W+)?(?:instruct|order|command|direct|require|authori[sz]e|demand|hereby|confirm|grant|permit|(?:want|need|tell|request|ask)\W+you)\b`,
    ],
    [
      "i_authorize",
      0.55,
      raw`\b(?:i|we)\W+(?:hereby\W+)?(?:authori[sz]e|instruct|order|command)\W+you\b`,
    ],
    [
      "i_am_owner",
      0.3,
      raw`\bi(?:'m|\W+am)\W+(?:the|your)\W+(?:\w+\W+)?(?:developer|admin|administrator|owner|creator|operator|maintainer|supervisor)\b`,
    ],
    [
      "you_are_allowed",
      0.3,
      raw`\byou\W+(?:are|have\W+been)\W+(?:now\W+)?(?:allowed|permitted|authori[sz]ed|cleared)\W+to\b|\b(?:security|legal|compliance)\W+(?:\w+\W+)?(?:already\W+)?(?:signed\W+off|approved|cleared\W+(?:it|this))\b`,
    ],
    [
      "user_standing",
      0.45,
      raw`\b(?:the\W+)?user(?:'s|s')\W+(?:standing|explicit|previous|prior|earlier|permanent)\W+(?:instructions?|orders?|requests?|wishes|preferences|rules)\b`,
    ],
    [
      "instruction_from",
      0.55,
      raw`\b(?:this|the\W+following|these)\W+(?:\w+\W+)?(?:instructions?|directives?|orders?|commands?|requests?)\W+(?:(?:is|are|was|were|comes?|came|has\W+been|have\W+been)\W+)?(?:(?:sent|issued|written|authored)\W+)?(?:from|by|on\W+behalf\W+of)\W+(?:the\W+|your\W+)?(?:user|system|developers?|administrator|admin|owner|anthropic|openai|security\W+team|maintainers?|operator|creator)\b`,
    ],
    [
      "issued_by",
      0.45,
      raw`\b(?:this|the\W+following)\W+(?:notice|message|alert|update|directive|instruction|policy)\W+(?:is|was|has\W+been)\W+(?:issued|sent|authored|mandated|published)\W+by\b`,
    ],
    [
      "message_from",
      0.35,
      raw`\b(?:message|note|notice|memo|update|alert)\W+from\W+(?:the\W+|your\W+)?(?:developers?|administrator|admin|system|anthropic|openai|security\W+team|maintainers?|operator|creator|it\W+department)\b|\bofficial\W+(?:message|notice|instruction|directive|policy\W+update)\b`,
    ],
    [
      "sanctioned_test",
      0.4,
      raw`\b(?:sanctioned|authori[sz]ed|approved|official)\W+(?:red[- ]team|penetration|pen[- ]test|security\W+test|jailbreak)\w*`,
    ],
    [
      "chat_tokens",
      0.85,
      raw`<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|start_header_id|end_header_id|eot_id|begin_of_text)\|>|<(?:start|end)_of_turn>`,
      { on: "decoded" },
    ],
    ["inst_markers", 0.75, raw`\[\/?inst\]|<<\/?sys>>`, { on: "decoded" }],
    [
      "system_label",
      0.5,
      raw`(?:^|[^\w\s-])[ \t]*SYSTEM[ \t]*:`,
      { on: "decoded", flags: "gm" },
    ],
    [
      "role_label",
      0.6,
      raw`(?:^|[^\w\s-])[ \t]*(?:system|admin|administrator|developer|root|operator)[ \t]+(?:message|prompt|note|notice|instruction|override|update)[ \t]*:|^[ \t]*#{2,}[ \t]*(?:system|instructions?)[ \t]*:?[ \t]*$|[\s>]#{2,}[ \t]*(?:system|instructions?)[ \t]*:[ \t]*$`,
      { on: "decoded", flags: "gim" },
    ],
    [
      "bracket_label",
      0.35,
      raw`\[(?:system|admin|developer|operator)(?:\W+(?:message|note|notice|override|instruction|update|alert))?\]|\[(?:developer|maintainer|admin|owner)\W+note\]|<\/?(?:system|system[-_]prompt|sys|admin|instructions?|important)>`,
      { on: "decoded" },
    ],
  ],
};

/**
 * The catalogue compiled to rules, kind by kind in the order of `kinds` (`match.ts` passes
 * `INJECTION_KINDS`).
 */
export function compileRules(kinds: readonly InjectionKind[]): readonly Rule[] {
  return kinds.flatMap((kind) =>
    CATALOGUE[kind].map(([name, weight, source, options = {}]) => ({
      id: `${kind}.${name}`,
      kind,
      weight,
      re: new RegExp(source, options.flags ?? "gi"),
      ...(options.on ? { on: options.on } : {}),
      ...(options.negatable ? { negatable: true } : {}),
    }))
  );
}

// Sentence-level co-occurrence: transfer verb + secret + destination.
export const TRANSFER =
  /\b(?:(?:send|post|upload|e-?mail|mail|submit|forward|share)(?:_\w+)?|pass|transmit|exfiltrate|leak|beacon|paste|copy|dump|include|append|embed|attach|insert|put|print|reveal|disclose|expose|output|echo|list|publish|store|save|sync|reply\W+with|respond\W+with)\b/gi;
export const SECRET_STRONG =
  /~\/\.ssh\b(?!\/\S*\.pub)|\.ssh\/(?:id_\w+|\S*key)\b(?!\.pub)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\b(?:contents?|values?)\W+of\W+(?:\w+\W+){0,3}?(?:\.env|env(?:ironment)?\W+var\w*|secrets?|credentials|keys?|tokens?|\.npmrc|\.netrc)|(?:^|[\s(/"'`])\.env\b(?!\.example|\.sample|\.template)|\b(?:all|every|any)\W+(?:\w+\W+)?(?:env(?:ironment)?\W+var(?:iable)?s?|secrets|api\W+(?:keys?|tokens?)|tokens|credentials|passwords|keys)\b|\benv(?:ironment)?\W+var(?:iable)?s?\b|\bprocess\.env\b|\bprintenv\b|`env`|\.aws\/credentials|\.npmrc\b|\.netrc\b|\.git-credentials|\.pgpass|\.kube\/config|\.config\/gh\/hosts\.yml|\.docker\/config\.json|\.pypirc|\.cargo\/credentials|\.vault-token|\bmcp\.json\b|\.cursor\/|\/etc\/(?:passwd|shadow)|\bprivate\W+(?:ssh\W+)?keys?\b|\b(?:conversation|chat)\W+(?:history|log|transcript)\b|\b(?:the\W+)?user's\W+(?:\w+\W+){0,3}?(?:messages|conversation|chats?|prompts?|history|questions|emails?|files)\b|\bsystem\W+prompt\b|\b(?:github|gh|npm|aws|openai|anthropic|slack|stripe)(?:_|\W)?(?:token|key|secret)s?\b/i;
export const SECRET_WEAK =
  /(?:\b|_)(?:api\W*keys?|access\W+tokens?|auth(?:entication)?\W+tokens?|bearer\W+tokens?|tokens?|secrets?|credentials?|passwords?|passwd|passphrases?|cookies?|session\W+(?:ids?|tokens?|cookies?)|ssh\W+keys?|signing\W+keys?)\b|\$\{?\w*(?:key|token|secret|password)\w*/i;
export const DEST_REPLY =
  /\b(?:in|into|to|within|inside)\W+(?:(?:your|the|each|every|this|a|all)\W+)?(?:next\W+|final\W+|job\W+|run\W+|step\W+)?(?:reply|replies|response|responses|answer|answers|output|summary|message|commit(?:\W+message)?|pull\W+request|pr(?:\W+description)?s?|issue|comment|chat)\b|\b(?:here|below|in\W+this\W+(?:thread|issue|channel|chat))\b|\bopen\W+(?:an?\W+)?(?:issue|pr|pull\W+request|comment|gist)\b|\bas\W+(?:the\W+|an?\W+)?\w+\W+(?:argument|parameter|param|field)\b/i;
export const DEST_NET =
  /https?:\/\/|\bftp:\/\/|\bwss?:\/\/|\b[\w.+-]+@[\w-]+\.[a-z]{2,}\b|\bwebhooks?\b|\bpastebin\b|\bgists?\b|\bdiscord\b|\btelegram\b|\bngrok\b|\bthis\W+(?:url|endpoint|address|server)\b/i;
// Framing that turns a command into a standing instruction.
export const STANDING = new RegExp(
  raw`\b(?:always|${PERSISTENCE}|${PERSISTENCE_AGENT}|all\W+future\W+\w+|before\W+(?:every|each|any|running|you\W+(?:run|commit|push|start|answer|respond|reply))|whenever|every\W+time|each\W+time|by\W+default|no\W+exceptions|make\W+sure\W+(?:to|you)|you\W+(?:must|should|need\W+to|have\W+to|are\W+required\W+to)|required\W+(?:setup\W+)?step|must|everywhere|automatically|permanently|globally|in\W+(?:all|every)\W+(?:environments?|builds?|runs?|projects?|repos?|repositories|commands?|cases)|(?:to|in|on|for)\W+(?:the\W+top\W+of\W+)?every\W+\w+)\b|~\/\.(?:bashrc|zshrc|profile|bash_profile)\b|\/etc\/environment\b`,
  "i",
);
