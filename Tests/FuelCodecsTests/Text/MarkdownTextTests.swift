import FuelCodecs
import Testing

@Suite struct MarkdownTextTests {
    @Test(arguments: [
        ("Repsol Abrera", "Repsol Abrera"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("a | b", "a &#124; b"),
        ("```\nfence", "&#96;&#96;&#96;<br>fence"),
        ("[click](https://example.com)", "&#91;click&#93;(https://example.com)"),
        ("*bold* _it_ ~del~ \\*", "&#42;bold&#42; &#95;it&#95; &#126;del&#126; &#92;&#42;"),
        ("&lt;", "&amp;lt;"),
        ("one\r\ntwo\rthree\nfour", "one<br>two<br>three<br>four"),
        ("Gasóleo A", "Gasóleo A"),
    ])
    func escapes(_ text: String, _ escaped: String) {
        #expect(MarkdownText.escape(text) == escaped)
    }

    @Test func preformattedKeepsTheLinesInsideOneBlock() {
        #expect(
            MarkdownText.preformatted("refused:\n  ES: <b>x</b>")
                == "<pre>refused:<br>  ES: &lt;b&gt;x&lt;/b&gt;</pre>")
    }
}
