import CurtainCore

@testable import CurtainWire

/// A controller node of a wire tree.
func controllerNode(_ id: UInt64, _ identifier: String, title: String = "")
  -> Curtain_V1_ControllerNode
{
  var node = Curtain_V1_ControllerNode()
  node.id = id
  node.identifier = identifier
  node.title = title
  return node
}

/// A view node of a wire tree with the given frame and background colour.
func viewNode(
  _ id: UInt64, _ role: String, controller: UInt64 = 0, frame: Rect = .zero, color: String = ""
) -> Curtain_V1_ViewNode {
  var node = Curtain_V1_ViewNode()
  node.id = id
  node.role = role
  node.controllerID = controller
  node.backgroundColor = color
  node.state = Curtain_V1_ViewState(ViewState(frame: frame))
  return node
}
