import FuelUpload
import Testing

/// A stopped upload's reason (which can quote a bucket's answer or a feed) reaches the step summary escaped.
@Suite struct UploadSummaryMarkdownTests {
    @Test func aStoppedUploadsReasonIsEscaped() {
        let markdown = UploadSummary.failureMarkdown("refusing to publish:\n  ES: <img src=x onerror=alert(1)> ```")
        #expect(!markdown.contains("<img"), "\(markdown)")
        #expect(!markdown.contains("```"), "\(markdown)")
        #expect(
            markdown
                == "## Upload stopped\n\n<pre>refusing to publish:<br>  ES: &lt;img src=x onerror=alert(1)&gt; "
                + "&#96;&#96;&#96;</pre>\n")
    }
}
