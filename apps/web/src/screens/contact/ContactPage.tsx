const ContactPage = () => <h1>ContactPage (being built)</h1>

export default ContactPage
