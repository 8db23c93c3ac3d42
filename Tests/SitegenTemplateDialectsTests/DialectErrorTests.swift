import Testing
@testable import SitegenTemplateDialects
