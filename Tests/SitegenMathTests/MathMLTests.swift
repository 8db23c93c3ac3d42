import Testing
@testable import SitegenMath
