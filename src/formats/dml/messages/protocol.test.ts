/**
 * `*Messages.xml` protocol files: the protocol's information, its messages with their
 * orders (given, or by sorted element names), their sent fields and types, the issues a
 * file can have, and XML that is not well formed (errors at the character offset).
 */
import { describe, expect, it } from 'vitest';
import { DmlProtocolIssueCode, parseDmlProtocol } from './protocol.ts';

/** A protocol file: its information, then the messages' XML. */
const protocol = (messages: string, service = '123') => `<?xml version="1.0" encoding="utf-8"?>
<!-- a test protocol -->
<MyAwesomeProtocol>
  <_ProtocolInfo>
    <RECORD>
      <ServiceID TYPE="UBYT">${service}</ServiceID>
      <ProtocolType TYPE="STR">AWESOME</ProtocolType>
      <ProtocolVersion TYPE="INT">1</ProtocolVersion>
      <ProtocolDescription TYPE="STR">Super awesome protocol</ProtocolDescription>
    </RECORD>
  </_ProtocolInfo>
${messages}
</MyAwesomeProtocol>`;

const ping = `<MSG_PING>
  <RECORD>
    <_MsgName TYPE="STR" NOXFER="TRUE">MSG_PING</_MsgName>
    <_MsgType TYPE="UBYT" NOXFER="TRUE">1</_MsgType>
    <_MsgDescription TYPE="STR" NOXFER="TRUE">PING request.</_MsgDescription>
    <_MsgHandler TYPE="STR" NOXFER="TRUE">MSG_Ping</_MsgHandler>
    <_MsgAccessLvl TYPE="UBYT" NOXFER="TRUE">0</_MsgAccessLvl>
    <Count TYPE="UINT"></Count>
  </RECORD>
</MSG_PING>`;

const person = `<MSG_PERSON><RECORD>
  <Name TYPE="STR">Edgar Allan Poe</Name>
  <Secret TYPE="STR" NOXFER="TRUE">not sent</Secret>
  <Age TYPE="UBYT">40</Age>
</RECORD></MSG_PERSON>`;

/** A message of its element name, with `_MsgOrder` when given. */
const message = (element: string, order?: number, name?: string) =>
  `<${element}><RECORD>${order === undefined ? '' : `<_MsgOrder TYPE="UBYT" NOXFER="TRUE">${order}</_MsgOrder>`}${name ? `<_MsgName TYPE="STR" NOXFER="TRUE">${name}</_MsgName>` : ''}<V TYPE="UINT"/></RECORD></${element}>`;

describe('a protocol file', () => {
  it('gives the protocol’s information and its messages, each with the fields it sends', () => {
    const parsed = parseDmlProtocol(protocol(ping + person));
    expect(parsed).toMatchObject({
      name: 'MyAwesomeProtocol',
      serviceId: 123,
      type: 'AWESOME',
      version: 1,
      description: 'Super awesome protocol',
      issues: [],
    });
    expect(
      parsed.messages.map(({ element, name, order, isOrderGiven }) => ({
        element,
        name,
        order,
        isOrderGiven,
      })),
    ).toEqual([
      { element: 'MSG_PERSON', name: 'MSG_PERSON', order: 1, isOrderGiven: false },
      { element: 'MSG_PING', name: 'MSG_PING', order: 2, isOrderGiven: false },
    ]);
    const [personDef, pingDef] = parsed.messages;
    expect(personDef!.fields.map(({ name, typeName, tag }) => ({ name, typeName, tag }))).toEqual([
      { name: 'Name', typeName: 'STR', tag: 9 },
      { name: 'Age', typeName: 'UBYT', tag: 6 },
    ]);
    expect(pingDef).toMatchObject({
      description: 'PING request.',
      handler: 'MSG_Ping',
      accessLevel: 0,
      fields: [{ name: 'Count', typeName: 'UINT', tag: 3 }],
    });
  });

  it('orders messages without _MsgOrder by their element names (not _MsgName), by code unit, from 1', () => {
    const parsed = parseDmlProtocol(
      protocol([message('MSG_b'), message('MSG_B', undefined, 'AAA'), message('MSG_A')].join('')),
    );
    expect(parsed.messages.map((each) => [each.order, each.element, each.name])).toEqual([
      [1, 'MSG_A', 'MSG_A'],
      [2, 'MSG_B', 'AAA'],
      [3, 'MSG_b', 'MSG_b'],
    ]);
  });

  it('keeps the orders _MsgOrder gives', () => {
    const parsed = parseDmlProtocol(protocol([message('MSG_Z', 1), message('MSG_A', 36)].join('')));
    expect(parsed.messages.map((each) => [each.order, each.element])).toEqual([
      [1, 'MSG_Z'],
      [36, 'MSG_A'],
    ]);
    expect(parsed.issues).toEqual([]);
  });

  it('reports a mix of given and sorted orders, and the collision it makes', () => {
    const parsed = parseDmlProtocol(protocol([message('MSG_B', 1), message('MSG_A')].join('')));
    expect(parsed.issues.map((issue) => issue.code)).toEqual([
      DmlProtocolIssueCode.MIXED_ORDERS,
      DmlProtocolIssueCode.DUPLICATE_ORDER,
    ]);
  });

  it('reports an order outside 1–255, an unknown TYPE, and a message without its RECORD', () => {
    const text = protocol(
      [message('MSG_A', 300), '<MSG_B><RECORD><X TYPE="BOOL"/></RECORD></MSG_B>', '<MSG_C/>'].join(
        '\n',
      ),
    );
    const parsed = parseDmlProtocol(text);
    expect(
      parsed.issues.map((issue) => [issue.code, text.slice(issue.span!.offset).slice(0, 7)]),
    ).toEqual([
      [DmlProtocolIssueCode.BAD_ORDER, '<_MsgOr'],
      [DmlProtocolIssueCode.UNKNOWN_TYPE, '<X TYPE'],
      [DmlProtocolIssueCode.NO_RECORD, '<MSG_C/'],
    ]);
    expect(parsed.messages.map((each) => each.element)).toEqual(['MSG_A', 'MSG_B']);
    expect(parsed.messages[1]!.fields[0]).toMatchObject({ name: 'X', tag: null });
  });

  it('reads entities, CDATA, a byte-order mark and the note of a browser that saved it', () => {
    const text =
      '\ufeffThis XML file does not appear to have any style information associated with it.\n' +
      protocol(
        "<MSG_A><RECORD><_MsgDescription NOXFER='TRUE'><![CDATA[a <b> & c]]> &amp; &#x41;&#66;</_MsgDescription></RECORD></MSG_A>",
      ).replace('<?xml version="1.0" encoding="utf-8"?>', '');
    const parsed = parseDmlProtocol(text);
    expect(parsed.messages[0]!.description).toBe('a <b> & c & AB');
  });
});

describe('files that are not protocols', () => {
  const errorOf = (text: string) => {
    try {
      parseDmlProtocol(text);
    } catch (error) {
      return error as { code: string; offset: number; message: string };
    }
    throw new Error('no error');
  };

  it.each<[string, string, string, number]>([
    ['no _ProtocolInfo', '<P><M/></P>', 'BAD_VALUE', 0],
    ['no RECORD in it', '<P><_ProtocolInfo/></P>', 'BAD_VALUE', 3],
    ['no ServiceID', '<P><_ProtocolInfo><RECORD/></_ProtocolInfo></P>', 'BAD_VALUE', 18],
    [
      'a ServiceID above 255',
      protocol('', '300'),
      'BAD_VALUE',
      protocol('', '300').indexOf('<ServiceID'),
    ],
    ['an element not closed', '<P><_ProtocolInfo>', 'UNEXPECTED_EOF', 3],
    ['a comment without its end', '<P><!-- no end', 'UNEXPECTED_EOF', 3],
    ['a start tag cut short', '<P><_Proto', 'UNEXPECTED_EOF', 10],
    ['a closing tag of another element', '<P><Q></P></Q>', 'BAD_VALUE', 6],
    ['an unknown entity', '<P>&nbsp;</P>', 'BAD_VALUE', 3],
    ['an attribute without quotes', '<P a=1/>', 'BAD_VALUE', 5],
    ['an attribute given twice', '<P a="1" a="2"/>', 'BAD_VALUE', 9],
    ['content after the root', '<P/><Q/>', 'BAD_VALUE', 4],
    ['no element at all', '<!-- only a comment -->', 'UNEXPECTED_EOF', 23],
  ])('%s: %s at its character', (_what, text, code, offset) => {
    const error = errorOf(text);
    expect({ code: error.code, offset: error.offset }).toEqual({ code, offset });
    expect(error.message).toMatch(/\(line \d+, column \d+\)$/);
  });

  it('nests deeply without running out of stack', () => {
    const depth = 100_000;
    const text = `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(errorOf(text).message).toContain('has no _ProtocolInfo');
  });
});
