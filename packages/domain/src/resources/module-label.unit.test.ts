import { describe, expect, it } from 'vitest'
import { parseLabelTarget, parseModuleLabel, parseTagRecords, tagText } from './module-label'

describe('a module box label', () => {
  it('reads the factory label with serial and PIN', () => {
    expect(parseModuleLabel('KROPLA:AIR-0002:1234')).toEqual({ serial: 'AIR-0002', pin: '1234' })
    expect(parseModuleLabel('  kropla:AIR-0002:ab12cd \n')).toEqual({ serial: 'AIR-0002', pin: 'ab12cd' })
  })

  it('reads a serial without a PIN', () => {
    expect(parseModuleLabel('KROPLA:AIR-0002')).toEqual({ serial: 'AIR-0002', pin: null })
    expect(parseModuleLabel('KROPLA:AIR-0002:')).toEqual({ serial: 'AIR-0002', pin: null })
  })

  it('reads an add link of the app', () => {
    expect(
      parseModuleLabel('https://farm.example/#/kropla_2/modules?add=1&serial=AIR-0002&pin=1234'),
    ).toEqual({ serial: 'AIR-0002', pin: '1234' })
  })

  it('refuses anything else', () => {
    for (const text of [
      '',
      'hello',
      'KROPLA:',
      'KROPLA:a:1234',
      'KROPLA:AIR 0002:1234',
      'KROPLA:AIR-0002:12',
      'KROPLA:AIR-0002:1234:5',
      'OTHER:AIR-0002:1234',
      'javascript:alert(1)',
      'https://farm.example/#/kropla_2/modules?add=1',
    ])
      expect(parseModuleLabel(text), text).toBeNull()
  })
})

describe('where a scanned text leads', () => {
  it('opens a module page link by its id', () => {
    expect(parseLabelTarget('https://farm.example/#/kropla_2/modules/17')).toEqual({ kind: 'module', id: 17 })
  })

  it('gives a label otherwise', () => {
    expect(parseLabelTarget('KROPLA:AIR-0002:1234')).toEqual({
      kind: 'label',
      serial: 'AIR-0002',
      pin: '1234',
    })
    expect(parseLabelTarget('https://farm.example/#/kropla_2/modules/x')).toBeNull()
  })
})

describe('an NFC tag', () => {
  it('prefers the URL record to the text record', () => {
    expect(
      parseTagRecords([
        { recordType: 'text', text: tagText('AIR-0002') },
        { recordType: 'url', text: 'https://farm.example/#/kropla_2/modules/5' },
      ]),
    ).toEqual({ kind: 'module', id: 5 })
  })

  it('falls back to the text record, skipping records that are not ours', () => {
    expect(
      parseTagRecords([
        { recordType: 'url', text: 'https://elsewhere.example/' },
        { recordType: 'mime', text: 'KROPLA:NOPE-1:1234' },
        { recordType: 'text', text: 'KROPLA:AIR-0002:1234' },
      ]),
    ).toEqual({ kind: 'label', serial: 'AIR-0002', pin: '1234' })
  })

  it("takes a module page link only from this server, else the tag's serial", () => {
    const records = [
      { recordType: 'url', text: 'https://other.example/#/kropla_2/modules/5' },
      { recordType: 'text', text: 'KROPLA:AIR-0002' },
    ]
    expect(parseTagRecords(records, 'https://farm.example')).toEqual({
      kind: 'label',
      serial: 'AIR-0002',
      pin: null,
    })
    expect(parseTagRecords(records, 'https://other.example')).toEqual({ kind: 'module', id: 5 })
    expect(parseLabelTarget('https://other.example/#/kropla_2/modules/5', 'https://farm.example')).toBeNull()
  })

  it('is nothing of ours when no record is', () => {
    expect(parseTagRecords([])).toBeNull()
    expect(parseTagRecords([{ recordType: 'text', text: 'hello' }])).toBeNull()
  })

  it('writes the serial without the PIN', () => {
    expect(tagText('AIR-0002')).toBe('KROPLA:AIR-0002')
    expect(parseModuleLabel(tagText('AIR-0002'))).toEqual({ serial: 'AIR-0002', pin: null })
  })
})
