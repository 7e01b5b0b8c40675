import DespinaKit
