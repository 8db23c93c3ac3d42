import SitegenTemplates
import Testing

@Suite("Template values")
struct TemplateValueTests {
    @Test("a dictionary object answers its members and nothing else")
    func dictionaryMembers() {
        let object = TemplateDictionary(["title": "Hello", "count": 3])
        guard case .text(let title)? = object.member("title") else { Issue.record("no title"); return }
        #expect(title == "Hello")
        #expect(object.member("missing") == nil)
    }
}
